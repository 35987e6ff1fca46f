// The slip image's short-lived link (spec §3: opened in a new tab, so it carries no bearer token):
// HMAC-SHA256 under a key derived from APP_SECRET, bound to the slip reference and an expiry.
import { createHmac, hkdfSync } from 'node:crypto';
import { statementPaths } from '@krapao/contracts/statement';
import { safeEqual } from '../../lib/tokens.ts';

export const SLIP_LINK_TTL_MS = 5 * 60_000;

export function createSlipLinks(secret: string, now: () => Date) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'krapao', 'krapao:slip-image-link', 32));
  const sign = (reference: string, exp: number) =>
    createHmac('sha256', key).update(`${reference}\n${exp}`).digest('base64url');

  return {
    /** `/api/statement/slip/image/{reference}?exp=..&sig=..`, valid for SLIP_LINK_TTL_MS. */
    urlOf(reference: string): string {
      const exp = Math.floor((now().getTime() + SLIP_LINK_TTL_MS) / 1000);
      const path = statementPaths.slipImage.replace(':reference', encodeURIComponent(reference));
      return `${path}?exp=${exp}&sig=${sign(reference, exp)}`;
    },
    isValid(reference: string, exp: string | undefined, sig: string | undefined): boolean {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      const expSeconds = Number(exp);
      if (expSeconds * 1000 < now().getTime()) return false;
      return safeEqual(sig, sign(reference, expSeconds));
    },
  };
}
