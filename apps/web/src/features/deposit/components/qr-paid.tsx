import type { QrGateway } from '@krapao/contracts/deposit';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';

type QrPaidProps = { bankCode: QrGateway; amount: number; onDone: () => void };

/** The QR the member was shown has been paid and credited: its amount, and transfer-done to close. */
export function QrPaid({ bankCode, amount, onDone }: QrPaidProps) {
  const { t } = useTranslation('deposit');
  return (
    <div role="status" data-testid={`qr-paid-${bankCode}`} className="flex flex-col items-center gap-3 text-center">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-500/15 text-3xl text-emerald-300"
      >
        ✓
      </span>
      <p className="text-lg font-semibold text-emerald-200">{t('qr.paid')}</p>
      <p data-testid={`qr-value-${bankCode}`} className="text-2xl font-bold text-gold-200">
        {formatNumber(amount)}
      </p>
      <p className="text-xs text-white/55">{t('qr.paidHint', { amount: formatNumber(amount) })}</p>
      <Button onClick={onDone} data-testid={`qr-done-${bankCode}`} className="w-full">
        {t('qr.done')}
      </Button>
    </div>
  );
}
