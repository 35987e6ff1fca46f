// The wallet's fused hot-path SQL: statements that read other modules' tables in one round trip,
// because a request's price here is its number of statements (~150 µs of server CPU per round trip
// plus the database's, decision 031). Each has a test beside it (`wallet.hot-path.test.ts`) that
// checks its answer against the same facts read the plain way.
//
// - `wallet_view` (GET /api/wallet), prepared. Replaces: the member by id, the member's bank account,
//   the bank's names, then every ledger account of the member. Reads members and bank_accounts
//   (account), banks (lookup), ledger_accounts (ledger). 7 → 4 statements per request (decision
//   031), then prepared: 2 round trips with the session lookup, 787–994/s → 1,442–1,758/s at c = 50
//   (decision 035; Drizzle rebuilding the SQL was ~15 % of the server's CPU under that load).
// - `transfer_side` (every transfer between the wallet and a game), prepared. Replaces: the member
//   by id (its currency), the game's ledger account, the game account (username, and decrypting a
//   password a transfer never needs), the WALLET ledger account. Reads members (account),
//   game_accounts (games), ledger_accounts (ledger). Part of 28 → 24 and 37 → 32 statements per
//   transfer (decision 031); the separate member read went in decision 035.
// - `bookingState` (a game's results, before money leaves a game). Replaces: a transaction of five
//   round trips (lock the game's account, read its newest entry, look for an unsettled transfer of
//   that game). Reads ledger_accounts, ledger_entries, ledger_transactions (ledger). When the
//   provider's balance equals ours nothing is locked at all; transfers' raw replay 381 → 572/s once
//   the newest-entry subquery read the right rows (decision 035).
import { and, eq, inArray, or, sql } from 'drizzle-orm';
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

export function createWalletHotPath(db: Db) {
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
     * is unsettled. Inside `tx` the account row stays locked until the transaction ends.
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
  };
}
export type WalletHotPath = ReturnType<typeof createWalletHotPath>;
