// The guest proof (docs/decisions/010): a guest's history and send answers carry an HMAC of the guest
// id and an expiry, under a key derived from APP_SECRET. The widget keeps it in session storage only,
// so a member who signs in merges a guest conversation only when this browser session chatted in it;
// a guest id left in local storage on a shared device is not enough.
import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';

/** Renewed by every guest call; a sign-in later than this after the guest's last call merges nothing. */
export const GUEST_PROOF_TTL_MS = 2 * 60 * 60_000;

export type GuestProofs = ReturnType<typeof createGuestProofs>;

export function createGuestProofs(secret: string, now: () => Date) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'krapao', 'krapao:chat-guest-proof', 32));
  const sign = (guestId: string, exp: number) =>
    createHmac('sha256', key).update(`${guestId}\n${exp}`).digest('base64url');

  return {
    /** `<expiry in seconds>.<signature>` */
    issue(guestId: string): string {
      const exp = Math.floor((now().getTime() + GUEST_PROOF_TTL_MS) / 1000);
      return `${exp}.${sign(guestId, exp)}`;
    },
    isValid(guestId: string, proof: string | null | undefined): boolean {
      const match = /^(\d{1,12})\.([\w-]{43})$/.exec(proof ?? '');
      if (!match) return false;
      const exp = Number(match[1]);
      if (exp * 1000 < now().getTime()) return false;
      return safeEqual(match[2]!, sign(guestId, exp));
    },
  };
}
