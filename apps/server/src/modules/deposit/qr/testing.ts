// Helpers the QR tests share: member calls with any method, the dev pay action, hand-made webhooks
// (signed like the gateway, or forged).
import { depositPath } from '@krapao/contracts/deposit';
import { devPaths } from '@krapao/contracts/dev';
import { signedHeaders, webhookSecret } from '../../../adapters/gateway/webhook-signature.ts';
import { headers, type TestApp } from '../../../test/test-app.ts';

export { editDepositLookup } from '../testing.ts';

import type { Member } from '../../wallet/testing.ts';
import { gatewayWebhookPath } from './qr.routes.ts';

let keys = 0;
export const idemKey = () => `qr-test-${process.pid}-${Date.now()}-${++keys}`;

export function qrCall(t: TestApp, m: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    payload: payload as never,
    headers: { ...headers(m.token), ...(method === 'GET' ? {} : { 'idempotency-key': idemKey() }) },
  });
}

export const getQr = (t: TestApp, m: Member, bankCode: string) => qrCall(t, m, 'GET', depositPath.qrcode(bankCode));
export const createQr = (t: TestApp, m: Member, bankCode: string, amount: number) =>
  qrCall(t, m, 'POST', depositPath.qrcode(bankCode), { amount });
export const deleteQr = (t: TestApp, m: Member, qrcodeId: string) =>
  qrCall(t, m, 'DELETE', depositPath.qrcodeById(qrcodeId));

/** The member's bank app pays the QR at the sandbox gateway (which then calls our webhook). */
export const payQr = (t: TestApp, qrcodeId: string) =>
  t.app.inject({ method: 'POST', url: devPaths.gatewayPay.replace(':qrcodeId', encodeURIComponent(qrcodeId)) });

export type WebhookBody = { ref: string; merchantRef: string; amount: number; status: string; paidAt: string };

/** Delivers a webhook as the gateway would, or with the headers changed by `tamper`. */
export function sendWebhook(
  t: TestApp,
  bankCode: string,
  body: WebhookBody,
  opts: { at?: Date; secret?: string; tamper?: (h: Record<string, string>) => void; sendBody?: WebhookBody } = {},
) {
  const rawBody = JSON.stringify(body);
  const h = signedHeaders(opts.secret ?? webhookSecret(t.ctx.config), rawBody, opts.at ?? t.ctx.now());
  opts.tamper?.(h);
  const payload = opts.sendBody ? JSON.stringify(opts.sendBody) : rawBody;
  return t.app.inject({ method: 'POST', url: gatewayWebhookPath(bankCode), headers: h, payload });
}

/** Changes the deposit lookup (minimum deposit, listed gateways) as an operator would. */
