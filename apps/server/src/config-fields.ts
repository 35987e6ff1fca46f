// The value shapes environment variables are read with, and the development defaults that
// production refuses.
import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy.ts';

export const DEV_SECRET = 'krapao-dev-secret-change-me';
export const DEV_OPERATOR_TOKEN = 'krapao-dev-operator-token';
/** The audit chain's development key: public, so production refuses it. */
export const DEV_AUDIT_CHAIN_KEY = 'krapao-dev-audit-chain-key-not-a-secret';

export const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);
export const int = (def: number) => z.coerce.number().int().min(0).default(def);
/** true / false when set, undefined when unset or empty (then the default depends on NODE_ENV). */
export const optionalBool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => (v === '' ? undefined : v === 'true' || v === '1'))
  .optional();
export const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const parsed = parseTrustProxy(v);
    if ('value' in parsed) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  });
/** A WebSocket origin: ws(s)://host[:port]; http(s):// is taken as the matching ws(s) one. */
export const socketOrigin = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    try {
      const url = new URL(v);
      if (!/^(wss?|https?):$/.test(url.protocol)) throw new Error(url.protocol);
      return url.origin.replace(/^http/, 'ws');
    } catch {
      ctx.addIssue({ code: 'custom', message: 'a ws(s):// or http(s):// origin' });
      return z.NEVER;
    }
  });
