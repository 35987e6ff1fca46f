import { useTranslation } from 'react-i18next';
import type { SlipOutcome } from '../lib/slip-outcome';

/** Bytes sent so far; once all are out the server is reading the slip. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation('depositMethods');
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('slip.upload')}
        data-testid="slip-progress"
        className="h-2 w-full overflow-hidden rounded-full bg-white/10"
      >
        <div className="h-full rounded-full bg-gold-400 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-white/60">{percent < 100 ? t('slip.uploading', { percent }) : t('slip.checking')}</p>
    </div>
  );
}

const TONES: Record<SlipOutcome['tone'], string> = {
  success: 'border-emerald-400/40 bg-emerald-500/10 text-emerald-200',
  processing: 'border-amber-400/40 bg-amber-500/10 text-amber-200',
  failed: 'border-rose-400/40 bg-rose-500/10 text-rose-200',
};

export function SlipResult({ outcome }: { outcome: SlipOutcome }) {
  return (
    <p
      data-testid="slip-result"
      data-tone={outcome.tone}
      role={outcome.tone === 'failed' ? 'alert' : 'status'}
      className={`rounded-xl border px-3 py-2 text-sm ${TONES[outcome.tone]}`}
    >
      {outcome.text}
    </p>
  );
}
