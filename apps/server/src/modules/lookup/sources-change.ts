// The registration sources ("where did you hear of us") as the console edits them: the whole list at
// once, in the order members see it, each text in Thai and, where given, Lao and English. A source
// some member registered with cannot be removed (members keep its code, and the table has no column
// to hide a row): KEY_INVALID { reason: 'in-use' }. The new list and the audit entry (setting/sources,
// before and after) commit together. The member lookup reads the table on every request, so every
// instance serves the change at once.
import type { TSourcesSetting } from '@krapao/contracts/ops/content';
import { asc, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { sources } from '../../db/schema/lookup.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishOpsChange } from '../../lib/ops-changes.ts';
import { appendAudit, type StaffAct } from '../audit/index.ts';
import { localizedOf } from './localized-text.ts';
import { SETTING_AUDIT_OBJECT } from './settings-change.ts';

/** The audit entries' object id, and the id of the console's `changed` event (topic setting). */
export const SOURCES_OBJECT_ID = 'sources';
export const SOURCE_IN_USE = 'in-use';

type Reader = Db | Tx;

/** The list in the console's shape: a text per language (an older plain string is the Thai). */
const listOf = async (db: Reader) =>
  (
    await db
      .select({ code: sources.code, description: sources.description })
      .from(sources)
      .orderBy(asc(sources.sortOrder), asc(sources.code))
  ).map((s) => ({ code: s.code, description: localizedOf(s.description) }));

/** Which of `codes` some member registered with. */
async function usedOf(db: Reader, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectDistinct({ code: members.sourceCode })
    .from(members)
    .where(inArray(members.sourceCode, codes));
  return rows.map((r) => r.code).filter((c): c is string => c !== null);
}

export function createSourcesChange(ctx: AppContext) {
  return {
    list: () => listOf(ctx.db),
    /** The listed codes some member registered with. */
    async inUse(): Promise<string[]> {
      return (
        await usedOf(
          ctx.db,
          (await listOf(ctx.db)).map((s) => s.code),
        )
      ).sort();
    },
    /** Replaces the list with `list` (validated by the route's schema): order is its position. */
    async set(list: TSourcesSetting, by: StaffAct): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        // One change at a time; readers (the member lookup, registration) go on.
        await tx.execute(sql`lock table ${sources} in share row exclusive mode`);
        const before = await listOf(tx);
        const kept = new Set(list.map((s) => s.code));
        const removed = before.filter((s) => !kept.has(s.code)).map((s) => s.code);
        const used = await usedOf(tx, removed);
        if (used.length > 0) throw new AppError('KEY_INVALID', { reason: SOURCE_IN_USE, codes: used.sort() });
        if (removed.length > 0) await tx.delete(sources).where(inArray(sources.code, removed));
        await tx
          .insert(sources)
          .values(list.map((s, i) => ({ code: s.code, description: s.description, sortOrder: i + 1 })))
          .onConflictDoUpdate({
            target: sources.code,
            set: { description: sql`excluded.description`, sortOrder: sql`excluded.sort_order` },
          });
        await appendAudit(tx, {
          actor: 'staff',
          staffId: by.staffId,
          action: 'setting.change',
          objectType: SETTING_AUDIT_OBJECT,
          objectId: SOURCES_OBJECT_ID,
          reason: by.reason,
          before,
          after: list,
          requestId: by.requestId,
        });
      });
      publishOpsChange(ctx, { topic: 'setting', id: SOURCES_OBJECT_ID });
    },
  };
}
