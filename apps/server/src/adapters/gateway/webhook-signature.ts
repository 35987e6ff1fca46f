// Gateway webhooks are signed: HMAC-SHA256 over `${timestamp}.${rawBody}` with the shared secret,
// hex, in SIGNATURE_HEADER; the unix time in seconds in TIMESTAMP_HEADER. A signature is checked in
// constant time and a timestamp older (or newer) than MAX_SKEW_MS is refused, so a captured
// webhook cannot be replayed later (and a replay within the window credits nothing anyway).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

export const SIGNATURE_HEADER = 'x-gateway-signature';
export const TIMESTAMP_HEADER = 'x-gateway-timestamp';
export const MAX_SKEW_MS = 5 * 60_000;

/** GATEWAY_WEBHOOK_SECRET, or a key derived from APP_SECRET for this one purpose. */
export function webhookSecret(config: Pick<Config, 'GATEWAY_WEBHOOK_SECRET' | 'APP_SECRET'>): string {
  if (config.GATEWAY_WEBHOOK_SECRET) return config.GATEWAY_WEBHOOK_SECRET;
  return Buffer.from(hkdfSync('sha256', config.APP_SECRET, 'krapao', 'krapao:gateway-webhook', 32)).toString('hex');
}

export function signature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The headers a gateway sends with `rawBody` at `now`. */
export function signedHeaders(secret: string, rawBody: string, now: Date): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signature(secret, timestamp, rawBody),
  };
}

/** True when the headers carry a valid signature of `rawBody` made within MAX_SKEW_MS of `now`. */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): boolean {
  const timestamp = headers[TIMESTAMP_HEADER];
  const given = headers[SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || typeof given !== 'string') return false;
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(given)) return false;
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > MAX_SKEW_MS) return false;
  const expected = Buffer.from(signature(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
