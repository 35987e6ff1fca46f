// Appending to the audit trail, inside the caller's transaction: the entry commits or rolls back
// with the change it describes. The advisory lock serialises appends, so each reads the true last
// entry; it is held to the end of the transaction, and a rolled-back append leaves no gap.
import { desc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { auditChainKey, entryHash, GENESIS_HASH, toJsonValue } from './audit-hash.ts';

/** The key of the advisory lock every append takes (STARTUP_LOCK's neighbour in db/client.ts). */
export const AUDIT_LOCK = 7_413_020;

export type AuditActor = 'staff' | 'member' | 'system';

/** Who did a console action and why: the staff member, the reason they gave, the call's request id. */
export type StaffAct = { staffId: number; reason: string | null; requestId: string };
/** A staff act whose reason the call's schema requires. */
export type ReasonedAct = StaffAct & { reason: string };

export type AuditEntry = {
  actor: AuditActor;
  staffId?: number | null;
  /** Dotted verb, e.g. `staff.create`. */
  action: string;
  objectType: string;
  objectId: string | number;
  memberId?: number | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  /** When it happened; now when absent. */
  at?: Date;
};

/** Appends `entry` as the next seq; answers its seq and hash. Call it inside a transaction. */
export async function appendAudit(tx: Tx | Db, entry: AuditEntry): Promise<{ seq: number; hash: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
  const [last] = await tx
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.seq))
    .limit(1);
  const prevHash = last?.hash ?? GENESIS_HASH;
  const row = {
    seq: (last?.seq ?? 0) + 1,
    at: entry.at ?? new Date(),
    actor: entry.actor,
    staffId: entry.staffId ?? null,
    action: entry.action,
    objectType: entry.objectType,
    objectId: String(entry.objectId),
    memberId: entry.memberId ?? null,
    reason: entry.reason ?? null,
    before: toJsonValue(entry.before),
    after: toJsonValue(entry.after),
    requestId: entry.requestId ?? null,
  };
  const hash = entryHash(auditChainKey(), prevHash, row);
  await tx.insert(auditLog).values({ ...row, prevHash, hash });
  return { seq: row.seq, hash };
}
