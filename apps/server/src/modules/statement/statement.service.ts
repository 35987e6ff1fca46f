// The statement (docs/product.md §3.5, docs/architecture.md §3.1): a view over the member's transactions, newest first.
// `total` is the member's movement counter and a page is a range of movement numbers, so neither
// needs a count or an offset scan.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { StatementType, TStatementEntry, TStatementResponse } from '@krapao/contracts/statement';
import type { AppContext } from '../../context.ts';
import type { ledgerTransactions } from '../../db/schema/ledger.ts';
import { createStatementHotPath } from './statement.hot-path.ts';

type Row = typeof ledgerTransactions.$inferSelect;
const LINKED = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;
type Linked = { kind: (typeof LINKED)[number]; description: string };

export function toStatementEntry(t: Row): TStatementEntry {
  const link = (t.metadata as { link?: Linked }).link;
  const entry: TStatementEntry = {
    _id: String(t.id),
    statementType: t.statementType as StatementType,
    from: t.fromCode,
    to: t.toCode,
    amount: fromMinor(t.amount, t.currency as Currency),
    // UNKNOWN is our own bookkeeping state: to the member it is simply still in progress.
    status: t.status === 'UNKNOWN' ? 'PENDING' : t.status,
    createdAt: t.createdAt.toISOString(),
  };
  if (link && (LINKED as readonly string[]).includes(link.kind)) entry[link.kind] = { description: link.description };
  return entry;
}

export function createStatementService(ctx: AppContext) {
  const hot = createStatementHotPath(ctx.db);
  return {
    async page(memberId: number, page: number, limit: number): Promise<TStatementResponse> {
      const { total, rows } = await hot.page(memberId, page, limit);
      return { total, statements: rows.map(toStatementEntry) };
    },
  };
}
