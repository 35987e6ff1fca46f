import { QR_CREATE_MINIMUM } from '@krapao/contracts/constants';
import type { QrGateway } from '@krapao/contracts/deposit';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { codeText, errorText } from '../../../lib/api-error';
import { env } from '../../../lib/env';
import { formatNumber } from '../../../lib/format';
import { useCreateQr } from '../api/create-qr';
import { canCreateQr, gatewayMinimum, isQrCreateIgnored, parseAmount, quickAmounts } from '../lib/qr-rules';

/** The server's code for a create it refused without saying why. */
const QR_FAIL = 'QR_FAIL';

/** No QR yet: amount with the gateway's quick amounts, then create. */
export function QrAmountEntry({ bankCode }: { bankCode: QrGateway }) {
  const { t } = useTranslation('deposit');
  const create = useCreateQr(bankCode);
  // No field errors here: create stays disabled until the amount suits the gateway (lib/qr-rules.ts).
  const form = useForm({ defaultValues: { amount: '' } });
  const amount = parseAmount(form.watch('amount'));
  const minimum = gatewayMinimum(bankCode, env.paytimzMin);

  const onSubmit = form.handleSubmit((values) => {
    const wanted = parseAmount(values.amount);
    if (create.isPending) return;
    // Below 1 nothing is sent, but the member is told why instead of the tap doing nothing.
    if (isQrCreateIgnored(wanted)) {
      form.setError('amount', { message: t('qr.tooSmall', { min: formatNumber(QR_CREATE_MINIMUM) }) });
      return;
    }
    create.mutate(wanted, {
      onSuccess: (state) => {
        if (!state.hasQrcode) toast.danger(codeText(t, state.message || QR_FAIL));
      },
      onError: (err) => toast.danger(errorText(t, err)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <TextField
        label={t('qr.amount')}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder="0.00"
        hint={t('qr.minimum', { min: formatNumber(minimum) })}
        error={form.formState.errors.amount?.message}
        testId={`qr-amount-${bankCode}`}
        {...form.register('amount')}
      />
      <fieldset className="m-0 grid min-w-0 grid-cols-3 gap-2 border-0 p-0">
        <legend className="sr-only">{t('qr.quickAmounts')}</legend>
        {quickAmounts(bankCode, env.paytimzMin).map((quick) => (
          <button
            key={quick}
            type="button"
            onClick={() => form.setValue('amount', String(quick))}
            aria-pressed={amount === quick}
            data-testid={`qr-quick-${bankCode}-${quick}`}
            className="rounded-lg border border-gold-500/30 px-2 py-2 text-sm font-semibold text-gold-100 transition hover:bg-gold-500/10 aria-pressed:border-gold-300 aria-pressed:bg-gold-500/20"
          >
            {quick.toLocaleString('en-US')}
          </button>
        ))}
      </fieldset>
      <Button
        type="submit"
        block
        disabled={!canCreateQr(bankCode, amount, env.paytimzMin) || create.isPending}
        data-testid={`qr-create-${bankCode}`}
      >
        {t('qr.create')}
      </Button>
    </form>
  );
}
