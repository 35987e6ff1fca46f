// Walks the whole audit trail in seq order and names the first entry where the chain breaks: a
// missing seq, an entry whose prev_hash is not its predecessor's hash (removed or reordered), an
// entry whose hash is not that of its own fields under the key (edited, or forged with a hash
// computed without the key), or a chain sealed under another key altogether: its first two
// entries both fail.
import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/ops.ts';
import { auditChainKey, entryHash, GENESIS_HASH } from './audit-hash.ts';

export type ChainBreak = { seq: number; problem: 'gap' | 'link' | 'hash' | 'key'; detail: string };
export type ChainReport = { count: number; lastSeq: number; broken: ChainBreak | null };

const PAGE = 1_000;

/** Checks the chain under `key` (this process's AUDIT_CHAIN_KEY unless given). */
export async function verifyAuditChain(db: Db, key: string = auditChainKey()): Promise<ChainReport> {
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
    for (const [i, row] of rows.entries()) {
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
      if (entryHash(key, prevHash, row) !== row.hash) {
        const next = rows[i + 1];
        const isNextWhole = next !== undefined && entryHash(key, next.prevHash, next) === next.hash;
        const broken: ChainBreak =
          count === 0 && !isNextWhole
            ? {
                seq: row.seq,
                problem: 'key',
                detail:
                  'the chain is not sealed under this AUDIT_CHAIN_KEY (another key, or none): check the key; a new key needs the chain re-anchored',
              }
            : { seq: row.seq, problem: 'hash', detail: 'the fields do not hash to its hash under the key' };
        return { count, lastSeq, broken };
      }
      count += 1;
      lastSeq = row.seq;
      prevHash = row.hash;
    }
    if (rows.length < PAGE) return { count, lastSeq, broken: null };
  }
}
