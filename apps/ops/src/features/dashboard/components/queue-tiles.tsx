// One tile per work queue: how many items wait and how long the oldest has waited, linking to its page.
import type { DashboardQueue, TDashboardQueueSize } from '@krapao/contracts/ops/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ageOf } from '../../../lib/age';

/** The console page each queue is worked on. */
export const QUEUE_PAGES: Record<DashboardQueue, string> = {
  withdrawals: '/withdrawals',
  slips: '/slips',
  transfers: '/transfers',
  unmatched: '/deposits',
  depositReviews: '/deposits',
};

export function QueueTiles({ queues, now }: { queues: TDashboardQueueSize[]; now: string }) {
  const { t } = useTranslation('dashboard');
  const age = (iso: string) => {
    const a = ageOf(iso, now);
    if (a.days > 0) return t('age.days', { days: a.days, hours: a.hours });
    if (a.hours > 0) return t('age.hours', { hours: a.hours, minutes: a.minutes });
    return t('age.minutes', { minutes: a.minutes });
  };
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" data-testid="queue-tiles">
      {queues.map((q) => (
        <li key={q.queue}>
          <Link
            to={QUEUE_PAGES[q.queue]}
            className="flex h-full flex-col gap-1 rounded-lg border border-slate-200 bg-white px-3 py-2 hover:border-slate-400"
          >
            <span className="text-xs text-slate-600">{t(`queue.${q.queue}`)}</span>
            <span className="text-2xl font-semibold text-slate-900">{q.size}</span>
            <span className="text-xs text-slate-600">
              {q.oldestAt ? t('queue.oldest', { age: age(q.oldestAt) }) : t('queue.empty')}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
