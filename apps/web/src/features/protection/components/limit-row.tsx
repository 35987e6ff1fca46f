import { zodResolver } from '@hookform/resolvers/zod';
import { ZMoneyInput } from '@krapao/contracts/money-input';
import { type TLimitRef, type TLimitRequest, type TLimitState, ZLimitRequest } from '@krapao/contracts/protection';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { AlertDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { formatDate, formatNumber } from '../../../lib/format';
import { useMoneyAction } from '../../../lib/use-money-action';
import { cancelLimit, confirmLimit, putLimit } from '../api/protection-api';
import { canConfirm, hasPendingChange, isRaise } from '../lib/protection-lib';

type LimitRowProps = { limit: TLimitState; onChanged: () => void };

const formSchema = z.object({ amount: ZMoneyInput() });

/** One limit (a kind over a period): in force, used, in games (loss), left; set or lower at once, raise or remove after 24 h. */
export function LimitRow({ limit, onChanged }: LimitRowProps) {
  const { t } = useTranslation('protection');
  const { kind, period } = limit;
  const ref: TLimitRef = { kind, period };
  const testId = `limit-${kind}-${period}`;
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: '' },
    reValidateMode: 'onSubmit',
  });
  const change = useMoneyAction({
    send: (body: TLimitRequest, key: string) => putLimit(ZLimitRequest.parse(body), key),
    t,
    successText: (_answer, body) =>
      body.amount === null || isRaise(limit, body.amount) ? t('limits.asked') : t('limits.saved'),
    onSuccess: () => {
      form.reset();
      onChanged();
    },
  });
  const confirm = useMoneyAction({
    send: confirmLimit,
    t,
    successText: () => t('limits.confirmed'),
    onSuccess: onChanged,
  });
  const keep = useMoneyAction({ send: cancelLimit, t, successText: () => t('limits.kept'), onSuccess: onChanged });
  const failure = change.failure ?? confirm.failure ?? keep.failure;
  const clearFailure = () => {
    change.clearFailure();
    confirm.clearFailure();
    keep.clearFailure();
  };

  const typed = Number(form.watch('amount'));
  const problem = form.formState.errors.amount?.message;
  const pending = hasPendingChange(limit);
  const periodText = t(`period.${period}`);
  const waitsUntil = formatDate(limit.confirmableAt);

  return (
    <li data-testid={testId} className="flex flex-col gap-3 border-b border-white/5 py-3 last:border-0">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-white">{periodText}</p>
          <p data-testid={`${testId}-amount`} className="text-xs text-white/60">
            {limit.amount === null ? t('limits.none') : t('limits.current', { amount: formatNumber(limit.amount) })}
          </p>
        </div>
        <div className="text-right text-xs text-white/60">
          <p data-testid={`${testId}-used`}>{t('limits.used', { amount: formatNumber(limit.used) })}</p>
          {kind === 'LOSS' && limit.inGames > 0 ? (
            <p data-testid={`${testId}-in-games`}>{t('limits.inGames', { amount: formatNumber(limit.inGames) })}</p>
          ) : null}
          {limit.remaining !== null ? (
            <p data-testid={`${testId}-remaining`} className="font-semibold text-gold-200">
              {t('limits.remaining', { amount: formatNumber(limit.remaining) })}
            </p>
          ) : null}
        </div>
      </div>
      {pending ? (
        <div data-testid={`${testId}-pending`} className="flex flex-col gap-2 rounded-xl bg-ink-800/70 p-3">
          <p className="text-xs text-gold-100">
            {limit.pendingAmount === null
              ? t('limits.pendingRemove', { time: waitsUntil })
              : t('limits.pendingRaise', { amount: formatNumber(limit.pendingAmount), time: waitsUntil })}
          </p>
          <div className="flex gap-2">
            <Button
              block
              className="py-1.5"
              disabled={!canConfirm(limit) || confirm.isPending}
              onClick={() => confirm.submit(ref)}
              data-testid={`${testId}-confirm`}
            >
              {t('limits.confirm')}
            </Button>
            <Button
              block
              variant="secondary"
              className="py-1.5"
              disabled={keep.isPending}
              onClick={() => keep.submit(ref)}
              data-testid={`${testId}-keep`}
            >
              {t('limits.keep')}
            </Button>
          </div>
        </div>
      ) : null}
      <form
        onSubmit={form.handleSubmit(({ amount }) => change.submit({ kind, period, amount }))}
        noValidate
        className="flex items-end gap-2"
      >
        <div className="min-w-0 flex-1">
          <TextField
            label={t('limits.amount', { period: periodText })}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="0.00"
            error={problem ? t(problem) : undefined}
            hint={limit.amount !== null && typed > limit.amount ? t('limits.raiseNote') : undefined}
            testId={`${testId}-input`}
            {...form.register('amount')}
          />
        </div>
        <Button type="submit" disabled={change.isPending} data-testid={`${testId}-save`} className="mb-0.5">
          {t('limits.save')}
        </Button>
      </form>
      {limit.amount !== null && !pending ? (
        <Button
          variant="ghost"
          className="self-start px-2 py-1 text-xs"
          disabled={change.isPending}
          onClick={() => change.submit({ kind, period, amount: null })}
          data-testid={`${testId}-remove`}
        >
          {t('limits.remove')}
        </Button>
      ) : null}
      <AlertDialog
        open={failure !== null}
        tone="danger"
        message={<span data-testid="protection-error">{failure}</span>}
        onClose={clearFailure}
      />
    </li>
  );
}
