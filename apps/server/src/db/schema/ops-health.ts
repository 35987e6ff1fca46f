// Failed calls to the outside parties, shared by every instance: the dashboard's health table reads
// the last error and the timeouts per minute from here (an instance's own metrics see only its calls).
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One failed call. Rows older than a day are deleted by the next failure of the same party. */
export const opsPartyFailures = pgTable(
  'ops_party_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** OUTSIDE_PARTIES in the contracts (ops/dashboard.ts). */
    party: text('party').notNull(),
    /** timeout: no answer (the port's <Party>Unavailable); error: anything else that was not a refusal. */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ops_party_failures_party_at_idx').on(t.party, t.at),
    check('ops_party_failures_kind', sql`${t.kind} in ('timeout', 'error')`),
  ],
);
