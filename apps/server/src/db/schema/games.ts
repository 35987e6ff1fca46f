import { bigint, boolean, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

/** The games members can open accounts in (spec §3 game slot). */
export const games = pgTable('games', {
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
});

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
  (t) => [primaryKey({ columns: [t.memberId, t.gameCode] })],
);
