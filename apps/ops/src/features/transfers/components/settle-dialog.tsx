import { ZReason } from '@krapao/contracts/ops/staff';
import { type TOpsTransfer, TRANSFER_OUTCOMES } from '@krapao/contracts/ops/transfers';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActions } from '../../../components/reason-form';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { zodResolver } from '../../../lib/form-resolver';
import { useSettleTransfer } from '../api/settle-transfer';

const FORM = z.object({ outcome: z.enum(TRANSFER_OUTCOMES), reason: ZReason });

type Props = { transfer: TOpsTransfer; onClose: () => void };

/** Settles a transfer by hand as staff assert it ended at the provider, with a reason for the audit trail. */
export function SettleDialog({ transfer: x, onClose }: Props) {
  const { t } = useTranslation('transfers');
  const settle = useSettleTransfer();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(FORM),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(({ outcome, reason }) =>
    settle.mutate({ id: x.id, outcome, reason }, { onSuccess: onClose }),
  );
  return (
    <Dialog title={t('settle.title', { id: x.providerTransferId })} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700" data-testid="settle-summary">
          {t('summary', {
            amount: x.amount.toLocaleString('en-US'),
            currency: x.currency,
            member: x.member.username,
            direction: t(`directions.${x.direction}`),
            game: x.gameName ?? x.gameCode,
          })}
        </p>
        <p className="text-sm text-slate-600">{t('settle.explain')}</p>
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-1 font-medium text-slate-800">{t('settle.outcome')}</legend>
          {TRANSFER_OUTCOMES.map((outcome) => (
            <label key={outcome} className="flex items-start gap-2">
              <input type="radio" value={outcome} className="mt-1" {...register('outcome')} />
              <span>
                <span className="font-medium">{t(`settle.outcomes.${outcome}`)}</span>
                <span className="block text-xs text-slate-600">{t(`outcomes.${outcome}.${x.direction}`)}</span>
              </span>
            </label>
          ))}
          {formState.errors.outcome ? (
            <span className="text-xs text-rose-700">{t('settle.outcomeRequired')}</span>
          ) : null}
        </fieldset>
        <TextField
          label={t('reason')}
          error={formState.errors.reason ? t('reasonRequired') : undefined}
          {...register('reason')}
        />
        <FormActions
          submitLabel={t('settle.submit')}
          danger
          pending={settle.isPending}
          error={settle.error}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
