import { useTranslation } from 'react-i18next';
import { REGISTER_STEPS, type RegisterStep } from '../lib/register-flow';

const LABEL_KEYS = {
  1: 'register:steps.phone',
  2: 'register:steps.otp',
  3: 'register:steps.profile',
  4: 'register:steps.bank',
} as const;

type StepIndicatorProps = { current: RegisterStep; skipped?: RegisterStep[] };

export function StepIndicator({ current, skipped = [] }: StepIndicatorProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <p data-testid="register-step-indicator" className="text-center text-xs text-white/60">
        {t('register:stepOf', { step: current, total: REGISTER_STEPS.length })}
      </p>
      <ol className="grid grid-cols-4 gap-2">
        {REGISTER_STEPS.map((step) => {
          const done = step < current;
          const active = step === current;
          const isSkipped = skipped.includes(step);
          return (
            <li key={step} aria-current={active ? 'step' : undefined} className="flex flex-col items-center gap-1">
              <span
                className={`flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold ${
                  active
                    ? 'bg-gold-400 text-ink-950 ring-4 ring-gold-400/20'
                    : done && !isSkipped
                      ? 'bg-gold-700 text-ink-950'
                      : 'border border-white/15 text-white/40'
                }`}
              >
                {step}
              </span>
              <span className={`text-center text-[11px] leading-tight ${active ? 'text-gold-200' : 'text-white/45'}`}>
                {t(LABEL_KEYS[step])}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
