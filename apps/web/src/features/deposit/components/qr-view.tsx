import type { QrGateway, TQrState } from '@krapao/contracts/deposit';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useCancelQr } from '../api/cancel-qr';
import { NO_QR, qrQuery } from '../api/get-qr';
import { useCountdown } from '../hooks/use-countdown';
import { formatCountdown } from '../lib/countdown';
import { qrImageSource } from '../lib/qr-image';

export type ShownQr = TQrState & { qrcodeId: string; qrcode: string; expireIn: number };

type QrViewProps = { bankCode: QrGateway; qr: ShownQr; onDone: () => void };

/** An open QR: image, amount, mm:ss countdown, cancel and transfer-done. */
export function QrView({ bankCode, qr, onDone }: QrViewProps) {
  const { t } = useTranslation('deposit');
  const queryClient = useQueryClient();
  const cancel = useCancelQr(bankCode);
  // At 00:00 the panel goes back to the amount entry.
  const left = useCountdown(qr.expireIn, () => queryClient.setQueryData(qrQuery(bankCode).queryKey, NO_QR));
  const source = useMemo(() => qrImageSource(qr.qrcode), [qr.qrcode]);
  const amount = formatNumber(qr.amount);

  const onCancel = () => {
    if (cancel.isPending) return;
    cancel.mutate(qr.qrcodeId, { onError: (err) => toast.danger(errorText(t, err)) });
  };
  const onTransferred = () => {
    toast.success(t('qr.doneToast'));
    onDone();
  };

  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <img
        src={source}
        alt={t('qr.imageAlt', { amount })}
        data-testid={`qr-image-${bankCode}`}
        className="h-56 w-56 max-w-full rounded-xl bg-white p-2"
      />
      <p data-testid={`qr-value-${bankCode}`} className="text-2xl font-bold text-gold-200">
        {amount}
      </p>
      <p className="text-sm text-white/70">
        {t('qr.expiresIn')}{' '}
        <span data-testid={`qr-countdown-${bankCode}`} className="font-mono font-semibold text-white" role="timer">
          {formatCountdown(left)}
        </span>
      </p>
      <p className="text-xs text-white/55">{t('qr.scanHint')}</p>
      <div className="grid w-full grid-cols-2 gap-2">
        <Button
          variant="secondary"
          onClick={onCancel}
          disabled={cancel.isPending}
          data-testid={`qr-cancel-${bankCode}`}
        >
          {t('qr.cancel')}
        </Button>
        <Button onClick={onTransferred} data-testid={`qr-done-${bankCode}`}>
          {t('qr.done')}
        </Button>
      </div>
    </div>
  );
}
