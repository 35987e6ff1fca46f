// The guest proof (docs/decisions/010): a guest's history and send answers carry an HMAC of the guest
// id and an expiry, under a key derived from APP_SECRET. The widget keeps it in session storage only,
// so a member who signs in merges a guest conversation only when this browser session chatted in it;
// a guest id left in local storage on a shared device is not enough.
import { createExpiringSigner } from '../../lib/expiring-signature.ts';

/** Renewed by every guest call; a sign-in later than this after the guest's last call merges nothing. */
export const GUEST_PROOF_TTL_MS = 2 * 60 * 60_000;

export type GuestProofs = ReturnType<typeof createGuestProofs>;

export function createGuestProofs(secret: string, now: () => Date) {
  const signer = createExpiringSigner(secret, 'chat-guest-proof', GUEST_PROOF_TTL_MS, now);
  return {
    /** `<expiry in seconds>.<signature>` */
    issue(guestId: string): string {
      const { exp, sig } = signer.sign(guestId);
      return `${exp}.${sig}`;
    },
    isValid(guestId: string, proof: string | null | undefined): boolean {
      const match = /^(\d{1,12})\.([\w-]{43})$/.exec(proof ?? '');
      return match !== null && signer.isValid(guestId, match[1], match[2]);
    },
  };
}
