// Deposits (docs/product.md §3.3): QR gateways, slip upload, TrueMoney links and the manual
// transfer notice. The lookup shapes live in lookup.ts; the statement's slip list in statement.ts.
import { z } from 'zod';
import { QR_MINIMUM } from './constants.ts';
import { ZAmount } from './wallet.ts';

export const depositPaths = {
  /** GET the member's open QR at this gateway; POST {amount} creates one. */
  qrcode: '/api/qrcode/:bankCode',
  /** DELETE cancels the member's QR. */
  qrcodeById: '/api/qrcode/:qrcodeId',
  /** The gateways' signed callbacks (server to server, never called by the SPA). */
  gatewayWebhook: '/api/payments/webhook/:bankCode',
} as const;

export const depositPath = {
  qrcode: (bankCode: string) => `/api/qrcode/${encodeURIComponent(bankCode)}`,
  qrcodeById: (qrcodeId: string) => `/api/qrcode/${encodeURIComponent(qrcodeId)}`,
};

/** The payment gateways with a QR panel (deposit lookup entries of bankType PAYMENT). */
export const QR_GATEWAYS = ['KBANK', 'WW', 'PAYTIMZ'] as const;
export type QrGateway = (typeof QR_GATEWAYS)[number];
export const PAYMENT_BANK_TYPE = 'PAYMENT';
export const AUTO_MODE = 'AUTO';
export const GIFT_MODE = 'gift';

export function isQrGateway(code: string): code is QrGateway {
  return (QR_GATEWAYS as readonly string[]).includes(code);
}

/** The smallest amount each gateway's create accepts (docs/product.md §8); PAYTIMZ's is a build setting. */
export function qrMinimum(code: QrGateway, paytimzMinimum: number = QR_MINIMUM.PAYTIMZ): number {
  return code === 'PAYTIMZ' ? paytimzMinimum : QR_MINIMUM[code];
}

export const ZQrGatewayParams = z.strictObject({ bankCode: z.string().trim().min(1).max(16) });
export const ZQrIdParams = z.strictObject({ qrcodeId: z.string().trim().min(1).max(64) });
export const ZQrCreateRequest = z.strictObject({ amount: ZAmount });
export type TQrCreateRequest = z.infer<typeof ZQrCreateRequest>;

/**
 * QR state. `qrcode` is SVG markup of the Thai QR Payment payload; `expireIn` is the
 * expiry as epoch milliseconds. No open QR: hasQrcode false and the other fields null. A failed
 * create answers hasQrcode false with the error code as `message` (QR_FAIL).
 */
export const ZQrState = z.object({
  qrcodeId: z.string().nullable(),
  hasQrcode: z.boolean(),
  qrcode: z.string().nullable(),
  amount: z.number().nullable(),
  expireIn: z.number().nullable(),
  message: z.string().optional(),
});
export type TQrState = z.infer<typeof ZQrState>;

/** The manual transfer notice (used when the deposit lookup says isManual). Credits nothing itself. */
export const ZDepositNoticeRequest = z.strictObject({ amount: ZAmount });
export type TDepositNoticeRequest = z.infer<typeof ZDepositNoticeRequest>;

/** Slip upload answer: the slip row as recorded (its status may still be in progress). */
export const ZSlipUploadResponse = z.object({
  message: z.string(),
  status: z.string(),
  note: z.string().nullable(),
  amount: z.number(),
  reference: z.string(),
});
export type TSlipUploadResponse = z.infer<typeof ZSlipUploadResponse>;
/** The multipart field that carries the slip image. */
export const SLIP_FILE_FIELD = 'file';
export const SLIP_MAX_BYTES = 10 * 1024 * 1024;
/** A slip is accepted up to this long after the transfer it shows (docs/product.md §3.3). */
export const SLIP_MAX_AGE_MS = 60 * 60 * 1000;

/** POST /api/wallet/truelink: `link` is the gift link encrypted with TRUELINK_PASSPHRASE. */
export const ZTruelinkRequest = z.strictObject({ link: z.string().min(1).max(4096) });
export type TTruelinkRequest = z.infer<typeof ZTruelinkRequest>;
export const ZTruelinkResponse = z.object({ message: z.literal('SUCCESS'), amount: z.number() });
export type TTruelinkResponse = z.infer<typeof ZTruelinkResponse>;

/**
 * The fixed client passphrase (decision 041). The link is AES-encrypted with it in the OpenSSL
 * "Salted__" format (what CryptoJS.AES.encrypt(text, passphrase) writes), base64. This is
 * obfuscation, not security: TLS protects the link (decision 040).
 */
export const TRUELINK_PASSPHRASE = 'krapao-truelink-v1';
