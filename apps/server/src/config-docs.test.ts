// The README's configuration table is config.ts's: every variable, its default, its description.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, CONFIG_SHAPE } from './config.ts';
import { configTableIn, defaultOf, renderConfigTable } from './config-table.ts';
import { REPO_ROOT } from './paths.ts';

const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

describe('the README configuration table', () => {
  it('is the one config.ts writes (run `npm run docs:config` after changing a variable)', () => {
    expect(configTableIn(readme)).toBe(renderConfigTable());
  });

  it('describes every variable', () => {
    const undescribed = Object.entries(CONFIG_SHAPE)
      .filter(([, schema]) => !schema.description?.trim())
      .map(([key]) => key);
    expect(undescribed).toEqual([]);
    for (const key of CONFIG_KEYS) expect(renderConfigTable()).toContain(`| \`${key}\` |`);
  });

  it('takes the defaults from the schema', () => {
    expect(defaultOf(CONFIG_SHAPE.PORT)).toBe('`3000`');
    expect(defaultOf(CONFIG_SHAPE.LAOS)).toBe('`false`');
    expect(defaultOf(CONFIG_SHAPE.FRAME_ANCESTORS)).toBe("`'self'`");
    // Decided by NODE_ENV when unset: the description says how.
    expect(defaultOf(CONFIG_SHAPE.SEED_DEMO)).toBe('–');
    expect(CONFIG_SHAPE.SEED_DEMO.description).toMatch(/production/);
    expect(defaultOf(CONFIG_SHAPE.TRUST_PROXY)).toBe('–');
  });
});
