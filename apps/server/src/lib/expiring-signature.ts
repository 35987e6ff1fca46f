// Short-lived signatures bound to one subject (a slip reference, a guest id): HMAC-SHA256 of the
// subject and an expiry, under a key derived from APP_SECRET for one purpose only.
import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from './tokens.ts';

export type Signed = { exp: number; sig: string };

export function createExpiringSigner(secret: string, purpose: string, ttlMs: number, now: () => Date) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'krapao', `krapao:${purpose}`, 32));
  const mac = (subject: string, exp: number) =>
    createHmac('sha256', key).update(`${subject}\n${exp}`).digest('base64url');

  return {
    /** A signature of `subject` valid for `ttlMs` from now; `exp` in whole seconds. */
    sign(subject: string): Signed {
      const exp = Math.floor((now().getTime() + ttlMs) / 1000);
      return { exp, sig: mac(subject, exp) };
    },
    /** Whether `sig` signs `subject` with `exp` (seconds, as given) and `exp` has not passed. */
    isValid(subject: string, exp: string | undefined, sig: string | undefined): boolean {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      const expSeconds = Number(exp);
      if (expSeconds * 1000 < now().getTime()) return false;
      return safeEqual(sig, mac(subject, expSeconds));
    },
  };
}
