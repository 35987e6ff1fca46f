// The operator console's settings: staff sessions, enrolment links, live connections, the
// manual-adjustment limits and the audit chain's key. Spread into the one configuration schema in
// config.ts.
import { z } from 'zod';
import { bool, DEV_AUDIT_CHAIN_KEY, int } from './config-fields.ts';

export const OPS_CONSOLE_FIELDS = {
  AUDIT_CHAIN_KEY: z
    .string()
    .min(1)
    .default(DEV_AUDIT_CHAIN_KEY)
    .describe(
      "HMAC-SHA256 key of the audit trail's hash chain, kept outside the database: its owner cannot append or edit an entry and recompute the hash. The same on every instance and for `npm run audit:check`. Production requires one of 32+ bytes (the default is public); changing it needs the chain re-anchored (decision 061).",
    ),
  OPS_SESSION_HOURS: int(12).describe(
    'How long an operator console session lives at most, however busy (decision 061).',
  ),
  OPS_IDLE_MINUTES: int(30).describe('An operator console session unused this long ends.'),
  OPS_ENROL_HOURS: int(72).describe("How long a staff member's one-time enrolment link is valid."),
  OPS_COOKIE_INSECURE: bool.describe(
    "Send the operator console's cookies without `Secure`, for a development site reached over plain http by another name than `localhost`. Ignored in production.",
  ),
  OPS_LIVE_RECHECK_MS: int(30_000).describe(
    "How often every operator console live connection's session is verified again; a revoked or idle session is dropped; `0` = off.",
  ),
  OPS_MANUAL_ADJUST_LIMIT_BAHT: int(1_000).describe(
    "The largest manual credit or debit of a BAHT member's wallet, in baht, that books at once; above it a second staff member approves (decision 062).",
  ),
  OPS_MANUAL_ADJUST_LIMIT_LAK: int(300_000).describe(
    "The largest manual credit or debit of a LAK member's wallet, in kip, that books at once; above it a second staff member approves.",
  ),
  OPS_TRANSFER_STUCK_MINUTES: int(5).describe(
    "A wallet↔game transfer still PENDING or UNKNOWN this many minutes after it began is listed in the operator console's stuck-transfers queue.",
  ),
};
