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
//   Its answer is one JSON column, not fourteen (pg describes and maps every column per execution).
// - `wallet_by_token` (GET /api/wallet with a token this instance has not verified in the last
//   seconds), prepared. Replaces: the session lookup (`session_find_live`, with its rule
//   `liveSessionRule` from auth), then `wallet_view`. Reads sessions (auth) beside the above. The
//   request is one round trip whether the session cache answers or not.
// - `transfer_side` (every transfer between the wallet and a game), prepared. Replaces: the member
//   by id (its currency), the game's ledger account, the game account (username, and decrypting a
//   password a transfer never needs), the WALLET ledger account. Reads members (account),
//   game_accounts (games), ledger_accounts (ledger). Part of 28 → 24 and 37 → 32 statements per
//   transfer (decision 031); the separate member read went in decision 035. `transfer_side_out`
//   (money out of a game) adds the game account's `bookingState`, unlocked: 9 → 8 statements.
// - `bookingState` (a game's results, before money leaves a game). Replaces: a transaction of five
//   round trips (lock the game's account, read its newest entry, look for an unsettled transfer of
//   that game). Reads ledger_accounts, ledger_entries, ledger_transactions (ledger). When the
//   provider's balance equals ours nothing is locked at all; transfers' raw replay 381 → 572/s once
//   the newest-entry subquery read the right rows (decision 035).
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { P } from '../../db/placeholder.ts';
import { bankAccounts, members } from '../../db/schema/account.ts';
import { sessions } from '../../db/schema/auth.ts';
import { gameAccounts } from '../../db/schema/games.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { banks } from '../../db/schema/lookup.ts';
import { liveSessionRule } from '../auth/index.ts';

const wallets = alias(ledgerAccounts, 'wallets');
const gameLedger = alias(ledgerAccounts, 'game_ledger');

const UNSETTLED = ['PENDING', 'UNKNOWN'];

/**
 * The member, the payout bank account and every ledger balance, as one JSON value: the columns of GET
 * /api/wallet. One column instead of fourteen: pg describes, maps and parses every column of every
 * execution, which cost more than the statement itself on this, the most frequent member call.
 * Balances travel as text (bigint precision).
 */
const viewJson = sql`json_build_object(
  'id', ${members.id}, 'name', ${members.name}, 'username', ${members.username}, 'coin', ${members.coin},
  'currency', ${members.currency}, 'bankCode', ${bankAccounts.bankCode}, 'accountName', ${bankAccounts.accountName},
  'accountNo', ${bankAccounts.accountNo}, 'nameTH', ${banks.nameTH}, 'nameEN', ${banks.nameEN},
  'accounts', coalesce((select json_agg(json_build_object('id', ${ledgerAccounts.id}, 'code', ${ledgerAccounts.code}, 'balance', ${ledgerAccounts.balance}::text) order by ${ledgerAccounts.id}) from ${ledgerAccounts} where ${ledgerAccounts.memberId} = ${members.id}), '[]'::json))`;
type ViewRow = {
  id: number;
  name: string;
  username: string;
  coin: number;
  currency: string;
  bankCode: string | null;
  accountName: string | null;
  accountNo: string | null;
  nameTH: string | null;
  nameEN: string | null;
  accounts: { id: number; code: string; balance: string }[];
};
/** The session beside the view, for `wallet_by_token`. */
type SessionRow = { view: ViewRow; sessionId: number; memberId: number; expiresAt: string };

/** A json column as the driver gives it: parsed by pg, text on some PGlite paths. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function viewOf(row: ViewRow) {
  const { id, name, username, coin, currency } = row;
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
  return {
    member: { id, name, username, coin, currency },
    bank,
    balances: new Map(row.accounts.map((a) => [a.code, BigInt(a.balance)])),
    /** The ledger accounts the balances are read from: a posting to one of them makes the view old. */
    accountIds: row.accounts.map((a) => Number(a.id)),
  };
}
export type WalletView = ReturnType<typeof viewOf>;

export function createWalletHotPath(db: Db) {
  // The most frequent member call: prepared once per connection (decision 035), as the session
  // lookup is (decision 034): pg neither rebuilds nor re-plans it.
  const walletView = db
    .select({ view: sql<ViewRow | string>`${viewJson}` })
    .from(members)
    .leftJoin(bankAccounts, eq(bankAccounts.memberId, members.id))
    .leftJoin(banks, eq(banks.code, bankAccounts.bankCode))
    .where(eq(members.id, P('memberId')))
    .limit(1)
    .prepare('wallet_view');
  // The same view found by a bearer token's live session (the session lookup's own rule), for a token
  // this instance does not know yet: the session check and the view in one round trip.
  const walletByToken = db
    .select({
      found: sql<
        SessionRow | string
      >`json_build_object('view', ${viewJson}, 'sessionId', ${sessions.id}, 'memberId', ${sessions.memberId}, 'expiresAt', ${sessions.expiresAt})`,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(bankAccounts, eq(bankAccounts.memberId, members.id))
    .leftJoin(banks, eq(banks.code, bankAccounts.bankCode))
    .where(liveSessionRule())
    .limit(1)
    .prepare('wallet_by_token');
  const sideColumns = {
    currency: members.currency,
    gameAccountId: gameLedger.id,
    username: gameAccounts.username,
    walletId: wallets.id,
  };
  const gameAccountOn = and(eq(gameAccounts.memberId, members.id), eq(gameAccounts.gameCode, P('gameCode')));
  const gameLedgerOn = and(eq(gameLedger.memberId, members.id), eq(gameLedger.code, gameAccounts.gameCode));
  const walletOn = and(eq(wallets.memberId, members.id), eq(wallets.code, 'WALLET'));
  const transferSide = db
    .select(sideColumns)
    .from(members)
    .leftJoin(gameAccounts, gameAccountOn)
    .leftJoin(gameLedger, gameLedgerOn)
    .leftJoin(wallets, walletOn)
    .where(eq(members.id, P('memberId')))
    .limit(1)
    .prepare('transfer_side');
  // Money out of a game: the same, with the game account's booking state (`bookingState`, unlocked).
  const transferSideOut = db
    .select({
      ...sideColumns,
      gameBalance: gameLedger.balance,
      lastEntryId: sql<
        string | null
      >`(select coalesce(max(e.id), 0)::text from ${ledgerEntries} e where e.account_id = ${gameLedger.id})`,
      unsettled: sql<boolean>`exists (select 1 from ${ledgerTransactions} t where t.member_id = ${members.id}
        and t.type = 'TRANSFER' and t.status in ('PENDING', 'UNKNOWN')
        and (t.from_code = ${P('gameCode')} or t.to_code = ${P('gameCode')}))`,
    })
    .from(members)
    .leftJoin(gameAccounts, gameAccountOn)
    .leftJoin(gameLedger, gameLedgerOn)
    .leftJoin(wallets, walletOn)
    .where(eq(members.id, P('memberId')))
    .limit(1)
    .prepare('transfer_side_out');

  return {
    /** GET /api/wallet in one round trip: the member, the payout bank account, every ledger balance. */
    async walletView(memberId: number): Promise<WalletView | null> {
      const [row] = await walletView.execute({ memberId });
      return row ? viewOf(parsed(row.view)) : null;
    },

    /**
     * The same view for the member whose live session has this token hash at `now`, with that session
     * (null: no live session), in one round trip.
     */
    async walletByToken(tokenHash: string, now: Date) {
      const [row] = await walletByToken.execute({ tokenHash, now });
      if (!row) return null;
      const { view, sessionId, memberId, expiresAt } = parsed(row.found);
      return { session: { sessionId, memberId, expiresAt: new Date(expiresAt) }, view: viewOf(view) };
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
     * `transferSide` for money out of a game, with the game account's booking state as
     * `bookingState` answers it unlocked (null without a game account): one round trip less for
     * the game-result check that comes first.
     */
    async transferSideOut(memberId: number, gameCode: string) {
      const [row] = await transferSideOut.execute({ memberId, gameCode });
      if (!row) return null;
      const { gameBalance, lastEntryId, unsettled, ...side } = row;
      const booking =
        side.gameAccountId === null || gameBalance === null
          ? null
          : { balance: gameBalance, currency: side.currency, lastEntryId: Number(lastEntryId ?? 0), unsettled };
      return { ...side, booking };
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
