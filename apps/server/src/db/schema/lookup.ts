import type { TLocalizedText } from '@krapao/contracts/ops/content';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  nameTH: text('name_th').notNull(),
  nameEN: text('name_en').notNull(),
  /** TH or LA: the Laos build lists both, the Thai build only TH. */
  country: text('country').notNull().default('TH'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const sources = pgTable('sources', {
  code: text('code').primaryKey(),
  /** A plain string (older rows: Thai for every language) or a text per language (localized-text.ts). */
  description: jsonb('description').$type<string | TLocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Site settings shown through the lookups: info, contact, conditions, flags, limits… */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
