import type { QrGateway, TQrState } from '@krapao/contracts/deposit';
import type { TMemberLiveEvent } from '@krapao/contracts/live';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/loader';
import { useMemberLive, useMemberResync, useShownInApp } from '../../../lib/member-live';
import { useQr } from '../api/get-qr';
import { BankLogo } from './bank-logo';
import { QrAmountEntry } from './qr-amount-entry';
import { QrPaid } from './qr-paid';
import { QrView, type ShownQr } from './qr-view';

type QrPanelProps = { bankCode: QrGateway; onDone: () => void };

function shownQr(state: TQrState | undefined): ShownQr | null {
  if (!state?.hasQrcode || !state.qrcodeId || !state.qrcode || state.expireIn === null) return null;
  return state as ShownQr;
}

/**
 * One gateway's QR deposit (docs/product.md §3.3): the member's open QR is fetched when the panel starts; without
 * one, the amount entry. A failed fetch also shows the amount entry. When the live money event says
 * the shown QR was paid, the panel shows it paid until the modal closes.
 */
export function QrPanel({ bankCode, onDone }: QrPanelProps) {
  const { t } = useTranslation('deposit');
  const query = useQr(bankCode);
  const qr = shownQr(query.data);
  const titleId = useId();
  const [paid, setPaid] = useState<{ amount: number } | null>(null);
  const isShownQr = (event: TMemberLiveEvent) => event.kind === 'deposit' && !!qr && event.qrcodeId === qr.qrcodeId;
  useMemberLive((event) => {
    if (isShownQr(event)) setPaid({ amount: event.amount });
  });
  // The paid state says it: no toast repeats it.
  useShownInApp(isShownQr);
  // After a gap in the live connection the QR is asked for again: one that ended meanwhile is no
  // longer shown as open. A payment in the gap arrived first, from the events the server kept.
  useMemberResync(() => void query.refetch());
  return (
    <section
      aria-labelledby={titleId}
      data-testid={`qr-panel-${bankCode}`}
      className="flex flex-col gap-3 rounded-xl border border-white/10 bg-ink-800/70 p-3"
    >
      <div className="flex items-center gap-2.5">
        <BankLogo code={bankCode} size={32} />
        <h4 id={titleId} className="text-sm font-semibold text-white">
          {t(`qr.gateway.${bankCode}`)}
        </h4>
      </div>
      {paid ? (
        <QrPaid bankCode={bankCode} amount={paid.amount} onDone={onDone} />
      ) : query.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : qr ? (
        <QrView key={qr.qrcodeId} bankCode={bankCode} qr={qr} onDone={onDone} />
      ) : (
        <QrAmountEntry bankCode={bankCode} />
      )}
    </section>
  );
}
