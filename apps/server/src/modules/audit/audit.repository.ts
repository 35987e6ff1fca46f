// Reading the audit trail for the console: newest first, filters combined, paged back by seq.
import type { TAuditEntry, TAuditQuery } from '@krapao/contracts/ops/audit';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog as a, staff } from '../../db/schema/ops.ts';

export function createAuditRepository(db: Db) {
  return {
    async page(q: TAuditQuery): Promise<TAuditEntry[]> {
      const where: SQL[] = [];
      if (q.memberId) where.push(eq(a.memberId, q.memberId));
      if (q.staffId) where.push(eq(a.staffId, q.staffId));
      if (q.objectType) where.push(eq(a.objectType, q.objectType));
      if (q.objectId) where.push(eq(a.objectId, q.objectId));
      if (q.beforeSeq) where.push(lt(a.seq, q.beforeSeq));
      const rows = await db
        .select({
          seq: a.seq,
          at: a.at,
          actor: a.actor,
          staffId: a.staffId,
          staffUsername: staff.username,
          action: a.action,
          objectType: a.objectType,
          objectId: a.objectId,
          memberId: a.memberId,
          reason: a.reason,
          before: a.before,
          after: a.after,
          requestId: a.requestId,
          hash: a.hash,
        })
        .from(a)
        .leftJoin(staff, eq(staff.id, a.staffId))
        .where(and(...where))
        .orderBy(desc(a.seq))
        .limit(q.limit);
      return rows.map((r) => ({ ...r, at: r.at.toISOString(), actor: r.actor as TAuditEntry['actor'] }));
    },
  };
}
