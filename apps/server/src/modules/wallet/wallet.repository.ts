import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { bankAccounts, members } from '../../db/schema/account.ts';
import { gameAccounts } from '../../db/schema/games.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { banks } from '../../db/schema/lookup.ts';

const wallets = alias(ledgerAccounts, 'wallets');
const gameLedger = alias(ledgerAccounts, 'game_ledger');
const P = (name: string) => sql.placeholder(name);

const UNSETTLED = ['PENDING', 'UNKNOWN'];

export function createWalletRepository(db: Db) {
  // The most frequent member call: prepared once per connection (decision 035), as the session
  // lookup is (decision 034): pg neither rebuilds nor re-plans it.
  const walletView = db
    .select({
      member: {
        id: members.id,
        name: members.name,
        username: members.username,
        coin: members.coin,
        currency: members.currency,
      },
      bankCode: bankAccounts.bankCode,
      accountName: bankAccounts.accountName,
      accountNo: bankAccounts.accountNo,
      nameTH: banks.nameTH,
      nameEN: banks.nameEN,
      accounts: sql<
        { code: string; balance: string }[] | string
      >`coalesce((select json_agg(json_build_object('code', ${ledgerAccounts.code}, 'balance', ${ledgerAccounts.balance}::text)) from ${ledgerAccounts} where ${ledgerAccounts.memberId} = ${members.id}), '[]'::json)`,
    })
    .from(members)
    .leftJoin(bankAccounts, eq(bankAccounts.memberId, members.id))
    .leftJoin(banks, eq(banks.code, bankAccounts.bankCode))
    .where(eq(members.id, P('memberId')))
    .limit(1)
    .prepare('wallet_view');
  const transferSide = db
    .select({
      currency: members.currency,
      gameAccountId: gameLedger.id,
      username: gameAccounts.username,
      walletId: wallets.id,
    })
    .from(members)
    .leftJoin(gameAccounts, and(eq(gameAccounts.memberId, members.id), eq(gameAccounts.gameCode, P('gameCode'))))
    .leftJoin(gameLedger, and(eq(gameLedger.memberId, members.id), eq(gameLedger.code, gameAccounts.gameCode)))
    .leftJoin(wallets, and(eq(wallets.memberId, members.id), eq(wallets.code, 'WALLET')))
    .where(eq(members.id, P('memberId')))
    .limit(1)
    .prepare('transfer_side');

  return {
    /** GET /api/wallet in one round trip: the member, the payout bank account, every ledger balance. */
    async walletView(memberId: number) {
      const [row] = await walletView.execute({ memberId });
      if (!row) return null;
      const accounts =
        typeof row.accounts === 'string'
          ? (JSON.parse(row.accounts) as { code: string; balance: string }[])
          : row.accounts;
      const bank =
        row.bankCode === null
          ? null
          : {
              bankCode: row.bankCode,
              accountName: row.accountName!,
              accountNo: row.accountNo!,
              nameTH: row.nameTH!,
              nameEN: row.nameEN!,
            };
      return { member: row.member, bank, balances: new Map(accounts.map((a) => [a.code, BigInt(a.balance)])) };
    },

    /**
     * What a transfer needs, in one round trip (decisions 031, 035): the member's currency (null row:
     * no such member), and for one game its ledger account, the provider username and the WALLET
     * account. Null parts are missing.
     */
    async transferSide(memberId: number, gameCode: string) {
      const [row] = await transferSide.execute({ memberId, gameCode });
      return row ?? null;
    },

    /**
     * What a game-result booking checks, in one round trip: the balance we hold for the game, its
     * newest entry (a cheap "has anything moved since?" marker) and whether a transfer of that game
     * is unsettled. With `lock`, the account row stays locked until the transaction ends.
     */
    async bookingState(memberId: number, gameCode: string, accountId: number, tx?: Tx) {
      const query = (tx ?? db)
        .select({
          balance: ledgerAccounts.balance,
          currency: ledgerAccounts.currency,
          // Drizzle names a column of a one-table select without its table, and inside this
          // subquery a bare "id" would be the entry's own: hence the alias and the parameter.
          lastEntryId: sql<string>`coalesce((select max(e.id) from ${ledgerEntries} e where e.account_id = ${accountId}), 0)::text`,
          unsettled: sql<boolean>`exists (select 1 from ${ledgerTransactions} where ${and(
            eq(ledgerTransactions.memberId, memberId),
            eq(ledgerTransactions.type, 'TRANSFER'),
            inArray(ledgerTransactions.status, UNSETTLED),
            or(eq(ledgerTransactions.fromCode, gameCode), eq(ledgerTransactions.toCode, gameCode)),
          )})`,
        })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, accountId));
      const [row] = tx ? await query.for('update') : await query;
      return row ? { ...row, lastEntryId: Number(row.lastEntryId) } : null;
    },

    async transferByKey(memberId: number, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.memberId, memberId),
            eq(ledgerTransactions.type, 'TRANSFER'),
            eq(ledgerTransactions.idempotencyKey, idempotencyKey),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * Takes up to `limit` unsettled transfers for reconciliation: UNKNOWN ones, and PENDING ones
     * older than `pendingBefore` (their process died mid-saga). A lease keeps other workers off.
     */
    /**
     * Leases up to `limit` unsettled transfers. The ids are locked first, then updated: the one-statement
     * `update … where id in (select … limit n for update skip locked)` can take more than n rows.
     */
    async claimUnsettled(now: Date, pendingBefore: Date, leaseMs: number, limit: number) {
      return db.transaction(async (tx) => {
        const free = await tx
          .select({ id: ledgerTransactions.id })
          .from(ledgerTransactions)
          .where(
            and(
              eq(ledgerTransactions.type, 'TRANSFER'),
              or(
                eq(ledgerTransactions.status, 'UNKNOWN'),
                and(eq(ledgerTransactions.status, 'PENDING'), lt(ledgerTransactions.updatedAt, pendingBefore)),
              ),
              or(isNull(ledgerTransactions.leaseUntil), lt(ledgerTransactions.leaseUntil, now)),
            ),
          )
          .limit(limit)
          .for('update', { skipLocked: true });
        if (free.length === 0) return [];
        return tx
          .update(ledgerTransactions)
          .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
          .where(
            inArray(
              ledgerTransactions.id,
              free.map((r) => r.id),
            ),
          )
          .returning();
      });
    },
    /** Hands back leases a stopping worker did not begin. */
    async releaseLeases(ids: number[]) {
      if (ids.length === 0) return;
      await db.update(ledgerTransactions).set({ leaseUntil: null }).where(inArray(ledgerTransactions.id, ids));
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
