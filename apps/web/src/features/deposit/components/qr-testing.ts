// Canned QR answers (TQrState) for the deposit tests.
import type { TQrState } from '@krapao/contracts/deposit';

export const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="2" height="2"/></svg>';

export const noQr = (): { body: TQrState } => ({
  body: { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: null },
});

/** An open QR expiring `seconds` from now (Date.now() when the answer is built). */
export const openQr = (amount: number, seconds: number, qrcodeId = 'q1'): { body: TQrState } => ({
  body: { qrcodeId, hasQrcode: true, qrcode: QR_SVG, amount, expireIn: Date.now() + seconds * 1000 },
});
