// The books of the built-in demo game provider (decision 020): an outside party that happens to live in
// our database. Nothing of ours joins these tables; only the sandbox adapter and the demo provider's
// own pages read them.
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const demoProviderPlayers = pgTable(
  'demo_provider_players',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameCode: text('game_code').notNull(),
    username: text('username').notNull(),
    /** `salt:sha256(salt + password)`; the password itself is random and shown only to the operator. */
    passwordHash: text('password_hash').notNull(),
    /** Minor units (satang, kip). */
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    currency: text('currency').notNull(),
    /** The hidden form state issued for the UFABET login, checked when it comes back. */
    formState: jsonb('form_state').$type<Record<string, string> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('demo_provider_players_game_username_key').on(t.gameCode, t.username),
    check('demo_provider_players_balance', sql`${t.balance} >= 0`),
  ],
);

/**
 * Every transfer id the provider has seen: applied once, or voided (CANCELLED) so a late request
 * carrying it is refused. Keyed by OUR transfer id, per game.
 */
export const demoProviderTransfers = pgTable(
  'demo_provider_transfers',
  {
    gameCode: text('game_code').notNull(),
    transferId: text('transfer_id').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).references(() => demoProviderPlayers.id),
    /** DEPOSIT or WITHDRAW; null for an id cancelled before it was ever seen. */
    kind: text('kind'),
    amount: bigint('amount', { mode: 'bigint' }),
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameCode, t.transferId] }),
    check('demo_provider_transfers_state', sql`${t.state} in ('APPLIED', 'CANCELLED')`),
  ],
);

/** LAUNCH: a one-time auto-login token. PLAY: the game page's session after a sign-in. Stored hashed. */
export const demoProviderSessions = pgTable(
  'demo_provider_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => demoProviderPlayers.id),
    kind: text('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('demo_provider_sessions_player_idx').on(t.playerId),
    check('demo_provider_sessions_kind', sql`${t.kind} in ('LAUNCH', 'PLAY')`),
  ],
);

/** One spin of the demo slot: stake, payout and the balance right after it. */
export const demoProviderBets = pgTable(
  'demo_provider_bets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => demoProviderPlayers.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    reels: text('reels').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_provider_bets_player_idx').on(t.playerId, t.id)],
);
