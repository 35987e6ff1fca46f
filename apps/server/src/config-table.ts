// The README's configuration table, written from the schema in config.ts: one row per variable with
// its default (what the schema gives when the variable is unset) and its `.describe()` text.
// `npm run docs:config` writes it; config-docs.test.ts fails when the README's copy has drifted.
import type { z } from 'zod';
import { CONFIG_SHAPE } from './config.ts';

export const CONFIG_TABLE_START = '<!-- config:start -->';
export const CONFIG_TABLE_END = '<!-- config:end -->';

/** The value an unset variable gets; `–` when none (the description says what happens then). */
export function defaultOf(schema: z.ZodType): string {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined || parsed.data === '') return '–';
  return `\`${String(parsed.data)}\``;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function renderConfigTable(): string {
  const rows = Object.entries(CONFIG_SHAPE).map(
    ([key, schema]) => `| \`${key}\` | ${cell(defaultOf(schema))} | ${cell(schema.description ?? '')} |`,
  );
  return [
    'Written by `npm run docs:config` from the `.describe()` texts of `apps/server/src/config.ts`, never by hand.',
    '',
    '| variable | default | meaning |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The table between the markers of `readme`, or undefined when the markers are missing. */
export function configTableIn(readme: string): string | undefined {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + CONFIG_TABLE_START.length, end).trim();
}

/** `readme` with `table` between the markers. */
export function withConfigTable(readme: string, table: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md needs ${CONFIG_TABLE_START} … ${CONFIG_TABLE_END}`);
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}
