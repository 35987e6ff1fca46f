// The slip image's short-lived link (opened in a new tab, so it carries no bearer token):
// HMAC-SHA256 under a key derived from APP_SECRET, bound to the slip reference and an expiry.
import { SLIP_IMAGE_LINK_MINUTES, slipsPaths } from '@krapao/contracts/ops/slips';
import { statementPaths } from '@krapao/contracts/statement';
import { createExpiringSigner } from '../../../lib/expiring-signature.ts';

export const SLIP_LINK_TTL_MS = 5 * 60_000;

export function createSlipLinks(secret: string, now: () => Date) {
  const signer = createExpiringSigner(secret, 'slip-image-link', SLIP_LINK_TTL_MS, now);
  return {
    /** `/api/statement/slip/image/{reference}?exp=..&sig=..`, valid for SLIP_LINK_TTL_MS. */
    urlOf(reference: string): string {
      const { exp, sig } = signer.sign(reference);
      const path = statementPaths.slipImage.replace(':reference', encodeURIComponent(reference));
      return `${path}?exp=${exp}&sig=${sig}`;
    },
    isValid: signer.isValid,
  };
}

/**
 * The console's link to a slip image (`/api/ops/slips/image/{reference}?exp=..&sig=..`): the route
 * also needs a staff session with slips.review; the signature, under a key of its own, keeps a
 * copied link from opening for longer than SLIP_IMAGE_LINK_MINUTES or for a slip not listed.
 */
export function createOpsSlipLinks(secret: string, now: () => Date) {
  const signer = createExpiringSigner(secret, 'ops-slip-image-link', SLIP_IMAGE_LINK_MINUTES * 60_000, now);
  return {
    urlOf(reference: string): string {
      const { exp, sig } = signer.sign(reference);
      const path = slipsPaths.image.replace(':reference', encodeURIComponent(reference));
      return `${path}?exp=${exp}&sig=${sig}`;
    },
    isValid: signer.isValid,
  };
}
