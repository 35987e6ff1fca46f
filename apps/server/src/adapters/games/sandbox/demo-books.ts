// The demo provider's books: its players, the transfer ids it has seen, its sessions and bets.
// Everything a real provider would do behind its API and its web pages, on its own tables.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { P } from '../../../db/placeholder.ts';
import {
  demoProviderBets,
  demoProviderPlayers,
  demoProviderSessions,
  demoProviderTransfers,
} from '../../../db/schema/demo-provider.ts';
import { pgFailure } from '../../../lib/pg-errors.ts';
import { newToken, safeEqual, sha256 } from '../../../lib/tokens.ts';
import {
  type PlayerTurnover,
  type ProviderCredentials,
  ProviderRejected,
  type ProviderTransferState,
} from '../game-provider.port.ts';

export type DemoPlayer = typeof demoProviderPlayers.$inferSelect;
type TransferInput = { gameCode: string; username: string; amount: bigint; transferId: string };

/** Raised by demo_provider_transfer when the player's balance is too small (0009). */
const INSUFFICIENT_BALANCE_SQLSTATE = 'KR002';

/** How long an auto-login link works, and a signed-in game page. */
export const LAUNCH_TOKEN_TTL_MS = 5 * 60_000;
export const PLAY_SESSION_TTL_MS = 12 * 60 * 60_000;

/** Games whose login is a form POST of hidden state the provider issued. */
const STATEFUL_LOGIN_GAMES = new Set(['UFABET']);
/** The user field of that form; the password goes in `txtPassword`. */
export const FORM_STATE_USER_FIELD = 'txtUserName';

const LOWER = 'abcdefghjkmnpqrstuvwxyz';
const ALNUM = `${LOWER}ABCDEFGHJKLMNPQRSTUVWXYZ23456789`;
function pick(alphabet: string, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Letters and digits only: the password travels in auto-login paths and query strings. */
function newPassword(): string {
  return pick(ALNUM, 10);
}

function hashPassword(password: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}:${sha256(salt + password)}`;
}

function passwordMatches(stored: string, password: string): boolean {
  const [salt, hash] = stored.split(':');
  return !!salt && !!hash && safeEqual(sha256(salt + password), hash);
}

function newFormState(username: string): Record<string, string> {
  return {
    __VIEWSTATE: randomBytes(48).toString('base64'),
    __VIEWSTATEGENERATOR: createHash('md5').update(username).digest('hex').slice(0, 8).toUpperCase(),
    __EVENTVALIDATION: randomBytes(32).toString('base64'),
    [FORM_STATE_USER_FIELD]: username,
  };
}

export function createDemoBooks(db: Db, now: () => Date) {
  // Every transfer into or out of a sandbox game runs it: prepared once per connection, sent by name.
  const transferStatement = db
    .select({
      outcome: sql<string>`demo_provider_transfer(${P('gameCode')}, ${P('username')}, ${P('transferId')}, ${P('kind')},
        ${P('amount')}::bigint, ${P('at')}::timestamptz)`.as('outcome'),
    })
    .from(sql`set_config('synchronous_commit', 'off', true)`)
    .prepare('demo_provider_transfer');

  async function playerIn(q: Db | Tx, gameCode: string, username: string): Promise<DemoPlayer> {
    const [player] = await q
      .select()
      .from(demoProviderPlayers)
      .where(and(eq(demoProviderPlayers.gameCode, gameCode), eq(demoProviderPlayers.username, username)))
      .limit(1);
    if (!player) throw new ProviderRejected('unknown player');
    return player;
  }

  /** Applies one transfer id at most once; a voided id, a reused id or too little balance is refused. */
  async function transfer(kind: 'DEPOSIT' | 'WITHDRAW', input: TransferInput): Promise<void> {
    if (input.amount <= 0n) throw new ProviderRejected('amount must be positive');
    if (!input.transferId) throw new ProviderRejected('transfer id missing');
    // One statement (migration 0009): the id is recorded and the balance moved together, or neither.
    // Its commit does not wait for the WAL flush (`synchronous_commit = off` for this statement's
    // transaction): the settlement that follows waits for its own, which puts this one on disk too.
    // Lost in a database crash, the transfer is one the provider never got: the reconciler asks
    // transferStatus, hears NOT_FOUND, voids the id and settles FAILED, the money back where it was.
    let outcome: string | undefined;
    try {
      const [row] = await transferStatement.execute({
        gameCode: input.gameCode,
        username: input.username,
        transferId: input.transferId,
        kind,
        amount: input.amount.toString(),
        at: now().toISOString(),
      });
      outcome = row?.outcome;
    } catch (err) {
      if (pgFailure(err)?.code === INSUFFICIENT_BALANCE_SQLSTATE) throw new ProviderRejected('insufficient balance');
      throw err;
    }
    if (outcome !== 'APPLIED') throw new ProviderRejected(outcome ?? 'no answer');
  }

  async function transferRow(q: Db | Tx, gameCode: string, transferId: string) {
    const [row] = await q
      .select()
      .from(demoProviderTransfers)
      .where(and(eq(demoProviderTransfers.gameCode, gameCode), eq(demoProviderTransfers.transferId, transferId)))
      .limit(1);
    return row ?? null;
  }

  async function newSession(playerId: number, kind: 'LAUNCH' | 'PLAY'): Promise<string> {
    const token = newToken();
    const ttl = kind === 'LAUNCH' ? LAUNCH_TOKEN_TTL_MS : PLAY_SESSION_TTL_MS;
    await db.insert(demoProviderSessions).values({
      tokenHash: sha256(token),
      playerId,
      kind,
      expiresAt: new Date(now().getTime() + ttl),
    });
    return token;
  }

  async function playerById(id: number): Promise<DemoPlayer | null> {
    const [player] = await db.select().from(demoProviderPlayers).where(eq(demoProviderPlayers.id, id)).limit(1);
    return player ?? null;
  }

  return {
    async createPlayer(input: { gameCode: string; memberId: number; currency: string }): Promise<ProviderCredentials> {
      const password = newPassword();
      for (let attempt = 0; attempt < 5; attempt++) {
        const username = `kp${input.memberId}${pick(LOWER, 3)}`;
        const event = STATEFUL_LOGIN_GAMES.has(input.gameCode) ? newFormState(username) : null;
        const inserted = await db
          .insert(demoProviderPlayers)
          .values({
            gameCode: input.gameCode,
            username,
            passwordHash: hashPassword(password),
            currency: input.currency,
            formState: event,
          })
          .onConflictDoNothing()
          .returning({ id: demoProviderPlayers.id });
        if (inserted.length > 0) return { username, password, event };
      }
      throw new ProviderRejected('could not allocate a username');
    },

    async balance(input: { gameCode: string; username: string }): Promise<bigint> {
      return (await playerIn(db, input.gameCode, input.username)).balance;
    },

    deposit: (input: TransferInput) => transfer('DEPOSIT', input),
    withdraw: (input: TransferInput) => transfer('WITHDRAW', input),

    async transferStatus(input: { gameCode: string; transferId: string }): Promise<ProviderTransferState> {
      const row = await transferRow(db, input.gameCode, input.transferId);
      return row ? (row.state as 'APPLIED' | 'CANCELLED') : 'NOT_FOUND';
    },

    async cancelTransfer(input: { gameCode: string; transferId: string }): Promise<'CANCELLED' | 'APPLIED'> {
      await db
        .insert(demoProviderTransfers)
        .values({ gameCode: input.gameCode, transferId: input.transferId, state: 'CANCELLED' })
        .onConflictDoNothing();
      const row = await transferRow(db, input.gameCode, input.transferId);
      return row?.state === 'APPLIED' ? 'APPLIED' : 'CANCELLED';
    },

    async resetPassword(input: { gameCode: string; username: string }): Promise<ProviderCredentials> {
      const player = await playerIn(db, input.gameCode, input.username);
      const password = newPassword();
      const event = STATEFUL_LOGIN_GAMES.has(input.gameCode) ? newFormState(player.username) : null;
      await db
        .update(demoProviderPlayers)
        .set({ passwordHash: hashPassword(password), formState: event, updatedAt: now() })
        .where(eq(demoProviderPlayers.id, player.id));
      return { username: player.username, password, event };
    },

    /** A one-time token for `/demo-provider/launch/:token`. */
    async launchToken(input: { gameCode: string; username: string }): Promise<string> {
      const player = await playerIn(db, input.gameCode, input.username);
      return newSession(player.id, 'LAUNCH');
    },

    // --- the provider's web side ---

    /** The player when the username and password are right for this game, else null. */
    async signIn(gameCode: string, username: string, password: string): Promise<DemoPlayer | null> {
      const player = await playerIn(db, gameCode, username).catch(() => null);
      return player && passwordMatches(player.passwordHash, password) ? player : null;
    },

    /** Every hidden field the provider issued must come back unchanged. */
    formStateMatches(player: DemoPlayer, fields: Record<string, unknown>): boolean {
      const issued = player.formState;
      if (!issued) return false;
      return Object.entries(issued).every(([k, v]) => typeof fields[k] === 'string' && safeEqual(fields[k], v));
    },

    /** Spends a launch token: the player it was for, once, before it expires. */
    async useLaunchToken(token: string): Promise<DemoPlayer | null> {
      const [used] = await db
        .update(demoProviderSessions)
        .set({ usedAt: now() })
        .where(
          and(
            eq(demoProviderSessions.tokenHash, sha256(token)),
            eq(demoProviderSessions.kind, 'LAUNCH'),
            isNull(demoProviderSessions.usedAt),
            gt(demoProviderSessions.expiresAt, now()),
          ),
        )
        .returning({ playerId: demoProviderSessions.playerId });
      return used ? playerById(used.playerId) : null;
    },

    openPlaySession: (playerId: number) => newSession(playerId, 'PLAY'),

    async playSession(token: string): Promise<DemoPlayer | null> {
      const [session] = await db
        .select({ playerId: demoProviderSessions.playerId })
        .from(demoProviderSessions)
        .where(
          and(
            eq(demoProviderSessions.tokenHash, sha256(token)),
            eq(demoProviderSessions.kind, 'PLAY'),
            gt(demoProviderSessions.expiresAt, now()),
          ),
        )
        .limit(1);
      return session ? playerById(session.playerId) : null;
    },

    /** Stakes `amount` and pays `payout` in one guarded update; null when the balance is short. */
    async settleBet(playerId: number, amount: bigint, payout: bigint, reels: string) {
      return db.transaction(async (tx) => {
        const delta = (payout - amount).toString();
        const [row] = await tx
          .update(demoProviderPlayers)
          .set({ balance: sql`${demoProviderPlayers.balance} + ${delta}::bigint`, updatedAt: now() })
          .where(
            and(
              eq(demoProviderPlayers.id, playerId),
              sql`${demoProviderPlayers.balance} >= ${amount.toString()}::bigint`,
            ),
          )
          .returning({ balance: demoProviderPlayers.balance });
        if (!row) return null;
        // The bet's time is the provider's clock, the one its turnover ranges are read on.
        await tx
          .insert(demoProviderBets)
          .values({ playerId, amount, payout, reels, balanceAfter: row.balance, createdAt: now() });
        return { balance: row.balance };
      });
    },

    /** Each player's stakes (every demo bet settles at once, so all count) with their time in [from, to). */
    async turnover(input: { gameCode: string; from: Date; to: Date }): Promise<PlayerTurnover[]> {
      const rows = await db
        .select({
          username: demoProviderPlayers.username,
          validBet: sql<string>`sum(${demoProviderBets.amount})::text`,
          bets: sql<number>`count(*)::int`,
        })
        .from(demoProviderBets)
        .innerJoin(demoProviderPlayers, eq(demoProviderPlayers.id, demoProviderBets.playerId))
        .where(
          and(
            eq(demoProviderPlayers.gameCode, input.gameCode),
            gte(demoProviderBets.createdAt, input.from),
            lt(demoProviderBets.createdAt, input.to),
          ),
        )
        .groupBy(demoProviderPlayers.username);
      return rows.map((r) => ({ username: r.username, validBet: BigInt(r.validBet), bets: Number(r.bets) }));
    },
  };
}
export type DemoBooks = ReturnType<typeof createDemoBooks>;
