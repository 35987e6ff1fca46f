import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './account.ts';

/**
 * The games members can open accounts in. Enabled games are listed to members; an enabled game with a
 * maintenance message is listed as under maintenance and takes no money in (money still comes out).
 * Featured games are listed first.
 */
export const games = pgTable(
  'games',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Which provider adapter serves it ('demo' for the built-in sandbox). */
    provider: text('provider').notNull(),
    logo: text('logo').notNull(),
    background: text('background').notNull(),
    ftWalletSlot: numeric('ft_wallet_slot', { precision: 12, scale: 4 }).notNull().default('1'),
    web: text('web'),
    android: text('android'),
    ios: text('ios'),
    sortOrder: integer('sort_order').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
    maintenanceMessage: text('maintenance_message'),
    isFeatured: boolean('is_featured').notNull().default(false),
  },
  (t) => [
    check(
      'games_maintenance_message',
      sql`${t.maintenanceMessage} is null or (${t.isEnabled} and length(trim(${t.maintenanceMessage})) > 0)`,
    ),
  ],
);

/** A member's account at a game's provider; its existence makes the game active for the member. */
export const gameAccounts = pgTable(
  'game_accounts',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    gameCode: text('game_code')
      .notNull()
      .references(() => games.code),
    username: text('username').notNull(),
    /** AES-256-GCM with a key derived from APP_SECRET: members see it, logs never do. */
    passwordEnc: text('password_enc').notNull(),
    event: jsonb('event').$type<Record<string, string> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameCode] }),
    uniqueIndex('game_accounts_game_username_key').on(t.gameCode, t.username),
  ],
);

/**
 * How far each game's settled bets have been read from its provider: the next read asks for
 * [syncedTo, now − settle lag). Advanced by a guarded update, so each range is counted once.
 */
export const turnoverCursors = pgTable('turnover_cursors', {
  gameCode: text('game_code')
    .primaryKey()
    .references(() => games.code),
  syncedTo: timestamp('synced_to', { withTimezone: true }).notNull(),
});

/**
 * A member's valid turnover (settled bets) at one game over one range, as the provider reported it.
 * `played` is the part of it that played the member's deposits through (members.unplayed went down
 * by it): the amount deposit-linked rewards vest on.
 */
export const memberTurnover = pgTable(
  'member_turnover',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    gameCode: text('game_code')
      .notNull()
      .references(() => games.code),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    /** Minor units of the member's currency. */
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    bets: integer('bets').notNull(),
    played: bigint('played', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_turnover_range_key').on(t.gameCode, t.memberId, t.fromAt),
    index('member_turnover_member_idx').on(t.memberId, t.createdAt),
    check('member_turnover_amounts', sql`${t.validBet} >= 0 and ${t.played} >= 0 and ${t.played} <= ${t.validBet}`),
  ],
);
