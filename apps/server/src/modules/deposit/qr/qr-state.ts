// The QR state as the wire carries it: the payload drawn as SVG markup, the amount as a
// decimal and the expiry as epoch milliseconds; no QR is hasQrcode false with nulls.
import type { Currency } from '@krapao/contracts/constants';
import type { TQrState } from '@krapao/contracts/deposit';
import { fromMinor } from '@krapao/contracts/money';
import QRCode from 'qrcode';
import type { QrRow } from './qr.repository.ts';

export const NO_QR: TQrState = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: null };

export async function qrState(row: QrRow | null): Promise<TQrState> {
  if (!row) return NO_QR;
  return {
    qrcodeId: row.id,
    hasQrcode: true,
    qrcode: await QRCode.toString(row.payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    amount: fromMinor(row.amount, row.currency as Currency),
    expireIn: row.expireAt.getTime(),
  };
}
