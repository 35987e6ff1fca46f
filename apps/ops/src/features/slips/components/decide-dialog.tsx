import { ZMoneyInput } from '@krapao/contracts/money-input';
import { SLIP_CREDIT_MAX, type TOpsSlip, ZSlipSendingBank, ZSlipTransRef } from '@krapao/contracts/ops/slips';
import { ZReason } from '@krapao/contracts/ops/staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActions } from '../../../components/reason-form';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { zodResolver } from '../../../lib/form-resolver';
import { money } from '../../../lib/format';
import { type SlipDecision, useDecideSlip } from '../api/decide-slip';

// The amount stays the text staff typed: the wire takes the text, the server reads it in the slip's currency.
const ZAmountText = z.string().refine((text) => ZMoneyInput({ max: SLIP_CREDIT_MAX }).safeParse(text).success);
const FORMS = {
  credit: z.object({ reason: ZReason, amount: ZAmountText, sendingBank: ZSlipSendingBank, transRef: ZSlipTransRef }),
  reject: z.object({ reason: ZReason, amount: z.string(), sendingBank: z.string(), transRef: z.string() }),
};

type Props = {
  slip: TOpsSlip;
  decision: SlipDecision;
  onClose: () => void;
  /** A credit above the four-eyes limit was sent to a second staff member instead of crediting. */
  onSentForApproval?: (slipId: number) => void;
};

/** Credits one slip by hand (amount and bank transfer as read off the image) or confirms its rejection. */
export function DecideDialog({ slip: s, decision, onClose, onSentForApproval }: Props) {
  const { t } = useTranslation('slips');
  const decide = useDecideSlip();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(FORMS[decision]),
    defaultValues: {
      reason: '',
      amount: s.amount > 0 ? String(s.amount) : '',
      sendingBank: s.sendingBank ?? '',
      transRef: s.transRef ?? '',
    },
  });
  const submit = handleSubmit(({ reason, amount, sendingBank, transRef }) => {
    const done = {
      onSuccess: (answer: { approvalId?: number | null }) => {
        if (answer.approvalId) onSentForApproval?.(s.id);
        onClose();
      },
    };
    if (decision === 'credit') {
      decide.mutate({ id: s.id, decision, body: { amount: amount.trim(), sendingBank, transRef, reason } }, done);
    } else {
      decide.mutate({ id: s.id, decision, body: { reason } }, done);
    }
  });
  const errors = formState.errors;
  return (
    <Dialog title={t(`decide.${decision}`)} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700" data-testid="decide-summary">
          {t('summary', { id: s.id, member: s.member.username, amount: money(s.amount, s.currency) })}
        </p>
        <p className="text-sm text-slate-600">{t(`explain.${decision}`)}</p>
        {decision === 'credit' ? (
          <>
            <TextField
              label={t('amount', { currency: s.currency })}
              inputMode="decimal"
              error={errors.amount ? t('amountInvalid') : undefined}
              {...register('amount')}
            />
            <TextField
              label={t('sendingBank')}
              inputMode="numeric"
              error={errors.sendingBank ? t('sendingBankInvalid') : undefined}
              {...register('sendingBank')}
            />
            <TextField
              label={t('transRef')}
              error={errors.transRef ? t('transRefInvalid') : undefined}
              {...register('transRef')}
            />
          </>
        ) : null}
        <TextField
          label={t('reason')}
          error={errors.reason ? t('reasonRequired') : undefined}
          {...register('reason')}
        />
        <FormActions
          submitLabel={t(`submit.${decision}`)}
          danger={decision === 'reject'}
          pending={decide.isPending}
          error={decide.error}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
