// SQL of the ledger: transactions, and postings through the ledger's SQL functions (0008). No rules here.
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { P } from '../../db/placeholder.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { members } from '../../db/schema/account.ts';
import { ledgerAccounts, ledgerTransactions } from '../../db/schema/ledger.ts';

export type NewTransaction = typeof ledgerTransactions.$inferInsert;
export type LedgerTransaction = typeof ledgerTransactions.$inferSelect;
type PostingLine = { accountId: number; amount: bigint };

/** Array parameters as PostgreSQL array literals: the same text on pg and PGlite. */
function arraysOf(posting: PostingLine[]): [string, string] {
  return [`{${posting.map((l) => l.accountId).join(',')}}`, `{${posting.map((l) => l.amount.toString()).join(',')}}`];
}
function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;
}

type BookedRow = { id: string; member_seq: number | null; created_at: string; updated_at: string };

/** The transaction a booking function wrote: `t` with the columns the function filled in. */
function transactionOf(t: Omit<NewTransaction, 'memberSeq'>, row: BookedRow): LedgerTransaction {
  return {
    id: Number(row.id),
    memberId: t.memberId ?? null,
    type: t.type,
    status: t.status,
    statementType: t.statementType ?? null,
    memberSeq: row.member_seq,
    fromCode: t.fromCode ?? '',
    toCode: t.toCode ?? '',
    amount: t.amount,
    currency: t.currency,
    idempotencyKey: t.idempotencyKey ?? null,
    description: t.description ?? null,
    metadata: t.metadata ?? {},
    leaseUntil: null,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** Calls a booking function (`fn` is its name and opening parenthesis, with any leading arguments). */
async function booked(
  ex: Db | Tx,
  fn: SQL,
  t: Omit<NewTransaction, 'memberSeq'>,
  posting: PostingLine[],
): Promise<LedgerTransaction | null> {
  const [accounts, amounts] = arraysOf(posting);
  const result = await ex.execute(sql`select id::text, member_seq, created_at::text, updated_at::text from ${fn}
    ${t.memberId ?? null}::bigint, ${t.type}, ${t.status}, ${t.statementType ?? null}, ${t.fromCode ?? ''}, ${t.toCode ?? ''},
    ${t.amount.toString()}::bigint, ${t.currency}, ${t.idempotencyKey ?? null}, ${t.description ?? null},
    ${JSON.stringify(t.metadata ?? {})}::jsonb, ${accounts}::bigint[], ${amounts}::bigint[])`);
  const [row] = rowsOf<BookedRow>(result);
  return row ? transactionOf(t, row) : null;
}

/**
 * The transfer's two ledger statements, prepared once per connection (as the wallet's hot path is,
 * decision 035): pg sends them by name, PostgreSQL neither parses nor plans them again. The same
 * calls as `booked` and a plain `select ledger_settle(...)`.
 */
function preparedTransferStatements(db: Db) {
  const bookUngated = db
    .select({
      id: sql<string>`id::text`,
      member_seq: sql<number | null>`member_seq`,
      created_at: sql<string>`created_at::text`,
      updated_at: sql<string>`updated_at::text`,
    })
    .from(
      sql`ledger_book_ungated(${P('at')}::timestamptz, ${P('memberId')}::bigint, ${P('type')}, ${P('status')},
        ${P('statementType')}, ${P('fromCode')}, ${P('toCode')}, ${P('amount')}::bigint, ${P('currency')},
        ${P('idempotencyKey')}, ${P('description')}, ${P('metadata')}::jsonb, ${P('accounts')}::bigint[], ${P('amounts')}::bigint[])`,
    )
    .prepare('ledger_book_ungated');
  // A function that answers one value, called in FROM (one row, its value in `settled.status`).
  const settle = db
    .select({ status: sql<string | null>`settled.status` })
    .from(
      sql`ledger_settle(${P('id')}::bigint, ${P('from')}::text[], ${P('to')}, ${P('accounts')}::bigint[], ${P('amounts')}::bigint[]) as settled(status)`,
    )
    .prepare('ledger_settle');
  return { bookUngated, settle };
}

export function createLedgerRepository(db: Db) {
  const prepared = preparedTransferStatements(db);
  return {
    /** The member rows, locked in id order until the transaction ends; answers the ids that exist. */
    async lockMembers(tx: Tx, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: members.id })
        .from(members)
        .where(inArray(members.id, ids))
        .orderBy(asc(members.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    /** Applies a posting (merged, balanced, in account id order) and writes its entries: one round trip. */
    async post(tx: Tx, transactionId: number, posting: PostingLine[]) {
      const [accounts, amounts] = arraysOf(posting);
      await tx.execute(sql`select ledger_post(${transactionId}::bigint, ${accounts}::bigint[], ${amounts}::bigint[])`);
    },

    /**
     * Writes a transaction row; a statement row takes the member's next sequence number in the same
     * statement (the member row lock also serialises the member's statement writes).
     */
    async insertTransaction(tx: Tx, row: Omit<NewTransaction, 'memberSeq'>) {
      const memberSeq = row.statementType && row.memberId ? sql`ledger_next_member_seq(${row.memberId}::bigint)` : null;
      const [created] = await tx
        .insert(ledgerTransactions)
        .values({ ...row, memberSeq })
        .returning();
      return created!;
    },

    /** A transaction row and its posting in one statement (ledger_book). */
    async book(ex: Db | Tx, t: Omit<NewTransaction, 'memberSeq'>, posting: PostingLine[]): Promise<LedgerTransaction> {
      const row = await booked(ex, sql`ledger_book(`, t, posting);
      if (!row) throw new Error('ledger_book answered no row');
      return row;
    },

    /**
     * `book` under the member row lock unless a protection gate applies to the member at `at` (an
     * exclusion or a loss limit in force): then nothing is written and null is answered
     * (ledger_book_ungated, migration 0021).
     */
    async bookUngated(at: Date, t: Omit<NewTransaction, 'memberSeq'>, posting: PostingLine[]) {
      const [accounts, amounts] = arraysOf(posting);
      const [row] = await prepared.bookUngated.execute({
        at: at.toISOString(),
        memberId: t.memberId ?? null,
        type: t.type,
        status: t.status,
        statementType: t.statementType ?? null,
        fromCode: t.fromCode ?? '',
        toCode: t.toCode ?? '',
        amount: t.amount.toString(),
        currency: t.currency,
        idempotencyKey: t.idempotencyKey ?? null,
        description: t.description ?? null,
        metadata: JSON.stringify(t.metadata ?? {}),
        accounts,
        amounts,
      });
      return row ? transactionOf(t, row) : null;
    },

    /** Moves the status and posts in one statement (ledger_settle); answers the status afterwards. */
    async settle(id: number, from: string[], to: string, posting: PostingLine[]): Promise<string | null> {
      const [accounts, amounts] = arraysOf(posting);
      const [row] = await prepared.settle.execute({ id, from: textArray(from), to, accounts, amounts });
      return row?.status ?? null;
    },

    /** Moves a transaction from one of `from` to `to`; false when it was not in `from` any more. */
    async setStatus(tx: Tx, id: number, from: string[], to: string, metadata?: Record<string, unknown>) {
      const rows = await tx
        .update(ledgerTransactions)
        .set({
          status: to,
          updatedAt: sql`now()`,
          leaseUntil: null,
          ...(metadata ? { metadata: sql`${ledgerTransactions.metadata} || ${JSON.stringify(metadata)}::jsonb` } : {}),
        })
        .where(and(eq(ledgerTransactions.id, id), inArray(ledgerTransactions.status, from)))
        .returning({ id: ledgerTransactions.id });
      return rows.length === 1;
    },

    async transaction(id: number, tx?: Tx) {
      const [row] = await (tx ?? db).select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).limit(1);
      return row ?? null;
    },

    async memberAccount(memberId: number, code: string, tx?: Tx) {
      const [row] = await (tx ?? db)
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.code, code)))
        .limit(1);
      return row ?? null;
    },

    async memberAccounts(memberId: number) {
      return db.select().from(ledgerAccounts).where(eq(ledgerAccounts.memberId, memberId));
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
