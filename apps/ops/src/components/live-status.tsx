import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../lib/live';

const COLOUR: Record<LiveStatus, string> = {
  connected: 'bg-emerald-500',
  connecting: 'bg-amber-400',
  reconnecting: 'bg-amber-400 animate-pulse',
};

/** A small dot in the header: are the queues updating live? */
export function LiveStatusDot({ status }: { status: LiveStatus }) {
  const { t } = useTranslation('live');
  const label = t(`status.${status}`);
  return (
    <span role="status" className="flex items-center gap-1 text-xs text-slate-600" title={label} data-status={status}>
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${COLOUR[status]}`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
