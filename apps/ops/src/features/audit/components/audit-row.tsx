import type { TAuditEntry } from '@krapao/contracts/ops/audit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="mb-1 text-xs font-medium text-slate-500">{label}</div>
      <pre className="max-h-64 overflow-auto rounded-md bg-slate-900 p-2 text-xs text-slate-100">
        {value === null || value === undefined ? '–' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** One entry of the trail; opening it shows the object before and after, and the chain hash. */
export function AuditRow({ entry }: { entry: TAuditEntry }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const who = entry.actor === 'staff' ? (entry.staffUsername ?? `#${entry.staffId}`) : t(`audit.actor.${entry.actor}`);
  return (
    <li className="border-b border-slate-100 last:border-b-0" data-testid={`audit-row-${entry.seq}`}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="grid w-full grid-cols-1 gap-1 px-3 py-2 text-left text-sm hover:bg-slate-50 sm:grid-cols-[11rem_8rem_1fr_auto] sm:gap-3"
      >
        <span className="text-slate-500">{formatDateTime(entry.at, i18n.language)}</span>
        <span className="font-medium text-slate-800">{who}</span>
        <span className="min-w-0">
          <span className="font-mono text-slate-900">{entry.action}</span>{' '}
          <span className="text-slate-500">
            {entry.objectType}:{entry.objectId}
            {entry.memberId !== null ? ` · ${t('audit.member')} ${entry.memberId}` : ''}
          </span>
          {entry.reason ? <span className="block truncate text-slate-600">“{entry.reason}”</span> : null}
        </span>
        <span className="text-xs text-slate-400">#{entry.seq}</span>
      </button>
      {open ? (
        <div className="flex flex-col gap-3 bg-slate-50 px-3 py-3">
          <div className="flex flex-col gap-3 md:flex-row">
            <Json label={t('audit.before')} value={entry.before} />
            <Json label={t('audit.after')} value={entry.after} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            <dt className="text-slate-500">{t('audit.hash')}</dt>
            <dd className="font-mono break-all text-slate-800">{entry.hash}</dd>
            <dt className="text-slate-500">{t('audit.requestId')}</dt>
            <dd className="font-mono break-all text-slate-800">{entry.requestId ?? '–'}</dd>
          </dl>
        </div>
      ) : null}
    </li>
  );
}
