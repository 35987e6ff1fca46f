import { useTranslation } from 'react-i18next';
import { pagerRange } from '../../lib/pager';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

type PagerProps = { page: number; totalPages: number; onChange: (page: number) => void; testId?: string };

const BASE = 'flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm transition disabled:opacity-30';

export function Pager({ page, totalPages, onChange, testId = 'pager' }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} data-testid={testId} className="flex items-center justify-center gap-1">
      <button
        type="button"
        className={`${BASE} text-white/70 hover:bg-white/5`}
        aria-label={t('pager.previous')}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeftIcon size={18} />
      </button>
      {pagerRange(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('pager.page', { page: n })}
          className={`${BASE} ${n === page ? 'bg-gold-400 font-semibold text-ink-950' : 'text-white/80 hover:bg-white/5'}`}
          onClick={() => onChange(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={`${BASE} text-white/70 hover:bg-white/5`}
        aria-label={t('pager.next')}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
