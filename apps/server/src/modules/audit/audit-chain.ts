// Walks the whole audit trail in seq order and names the first entry where the chain breaks: a
// missing seq, an entry whose prev_hash is not its predecessor's hash (removed or reordered), or
// an entry whose hash is not that of its own fields (edited).
import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { entryHash, GENESIS_HASH } from './audit-hash.ts';

export type ChainBreak = { seq: number; problem: 'gap' | 'link' | 'hash'; detail: string };
export type ChainReport = { count: number; lastSeq: number; broken: ChainBreak | null };

const PAGE = 1_000;

export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  let count = 0;
  let lastSeq = 0;
  let prevHash = GENESIS_HASH;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, lastSeq))
      .orderBy(asc(auditLog.seq))
      .limit(PAGE);
    for (const row of rows) {
      if (row.seq !== lastSeq + 1) {
        return { count, lastSeq, broken: { seq: row.seq, problem: 'gap', detail: `after seq ${lastSeq}` } };
      }
      if (row.prevHash !== prevHash) {
        return {
          count,
          lastSeq,
          broken: { seq: row.seq, problem: 'link', detail: "prev_hash is not the previous entry's hash" },
        };
      }
      if (entryHash(prevHash, row) !== row.hash) {
        return {
          count,
          lastSeq,
          broken: { seq: row.seq, problem: 'hash', detail: 'the fields do not hash to its hash' },
        };
      }
      count += 1;
      lastSeq = row.seq;
      prevHash = row.hash;
    }
    if (rows.length < PAGE) return { count, lastSeq, broken: null };
  }
}
