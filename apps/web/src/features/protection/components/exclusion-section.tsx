import { zodResolver } from '@hookform/resolvers/zod';
import {
  SELF_EXCLUSION_DURATIONS,
  type TExclusionRequest,
  TIMEOUT_DURATIONS,
  ZExclusionRequest,
} from '@krapao/contracts/protection';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { AlertDialog, ConfirmDialog } from '../../../components/ui/dialog';
import { Card } from '../../../components/ui/page';
import { useMoneyAction } from '../../../lib/use-money-action';
import { startExclusion } from '../api/protection-api';

type ExclusionSectionProps = {
  /** The member is signed out everywhere once it starts: the app clears its session. */
  onStarted: () => void;
};

type Choice = z.input<typeof ZExclusionRequest>;
type Duration = TExclusionRequest['duration'];

const CHIP =
  'rounded-lg border border-gold-500/30 px-2 py-2 text-xs font-semibold text-gold-100 transition hover:bg-gold-500/10 aria-pressed:border-gold-300 aria-pressed:bg-gold-500/20';

/** Time-out or self-exclusion: in force at once, never ended early; a confirmation says so first. */
export function ExclusionSection({ onStarted }: ExclusionSectionProps) {
  const { t } = useTranslation('protection');
  const form = useForm<Choice, unknown, TExclusionRequest>({
    resolver: zodResolver(ZExclusionRequest),
    defaultValues: {},
  });
  const [asking, setAsking] = useState<TExclusionRequest | null>(null);
  const action = useMoneyAction({
    send: startExclusion,
    t,
    successText: () => t('exclusion.started'),
    onSuccess: () => {
      setAsking(null);
      onStarted();
    },
  });
  const [kind, duration] = form.watch(['kind', 'duration']);

  const group = (of: TExclusionRequest['kind'], durations: readonly Duration[]) => (
    <fieldset className="m-0 grid min-w-0 grid-cols-3 gap-2 border-0 p-0">
      <legend className="sr-only">{t(of === 'TIMEOUT' ? 'exclusion.timeout' : 'exclusion.self')}</legend>
      {durations.map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={kind === of && duration === d}
          onClick={() => {
            form.setValue('kind', of);
            form.setValue('duration', d);
          }}
          data-testid={`exclusion-${of}-${d}`}
          className={CHIP}
        >
          {t(`exclusion.duration.${d}`)}
        </button>
      ))}
    </fieldset>
  );

  const message = asking ? (
    <div className="flex flex-col gap-2" data-testid="exclusion-warning">
      <p>
        {t(asking.kind === 'TIMEOUT' ? 'exclusion.confirmTimeout' : 'exclusion.confirmSelf', {
          duration: t(`exclusion.duration.${asking.duration}`),
        })}
      </p>
      <p className="font-semibold text-rose-200">{t('exclusion.cannotUndo')}</p>
    </div>
  ) : null;

  return (
    <Card>
      <form onSubmit={form.handleSubmit(setAsking)} noValidate className="flex flex-col gap-3">
        <h2 className="text-sm font-semibold text-gold-200">{t('exclusion.title')}</h2>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-white">{t('exclusion.timeout')}</p>
          <p className="text-xs text-white/55">{t('exclusion.timeoutHelp')}</p>
          {group('TIMEOUT', TIMEOUT_DURATIONS)}
        </div>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-white">{t('exclusion.self')}</p>
          <p className="text-xs text-white/55">{t('exclusion.selfHelp')}</p>
          {group('SELF_EXCLUSION', SELF_EXCLUSION_DURATIONS)}
        </div>
        <Button type="submit" variant="danger" block disabled={!kind} data-testid="exclusion-start">
          {t('exclusion.start')}
        </Button>
      </form>
      <ConfirmDialog
        open={asking !== null && action.failure === null}
        title={t('exclusion.confirmTitle')}
        message={message}
        confirmText={t('exclusion.confirmButton')}
        busy={action.isPending}
        onConfirm={() => asking && action.submit(asking)}
        onCancel={() => setAsking(null)}
      />
      <AlertDialog
        open={action.failure !== null}
        tone="danger"
        message={<span data-testid="protection-error">{action.failure}</span>}
        onClose={() => {
          action.clearFailure();
          setAsking(null);
        }}
      />
    </Card>
  );
}
