import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';

type Change = { at: string; staffName: string | null } | null | undefined;

/** "Changed by X at T", or that no one has changed it from the console yet (`lastChange`, `neverChanged` in `ns`). */
export function LastChange({ ns, change }: { ns: string; change: Change }) {
  const { t, i18n } = useTranslation(ns);
  return (
    <p className="text-xs text-slate-500" data-testid="last-change">
      {change
        ? t('lastChange', { name: change.staffName ?? '—', at: formatDateTime(change.at, i18n.language) })
        : t('neverChanged')}
    </p>
  );
}
