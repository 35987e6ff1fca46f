import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';

/** The one-time enrolment link, shown once: the server keeps only its hash. */
export function EnrolLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2" data-testid="staff-enrol-link">
      <p className="text-sm text-slate-700">{t('staff.linkOnce')}</p>
      <div className="flex items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label={t('staff.link')}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs text-slate-800"
        />
        <CopyButton text={url} testId="staff-enrol-copy" />
      </div>
    </div>
  );
}
