// The migrated PGlite dump is cached under a key. A key left unchanged after a migration was edited
// would load a database built from the old text, which the migrator does not apply again; one left
// unchanged across PGlite versions would load another version's data directory.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, REPO_ROOT } from '../paths.ts';
import { dumpKey } from './pglite-dump.ts';

const VERSION = '0.3.0';
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function migrations(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-dump-key-'));
  made.push(dir);
  mkdirSync(path.join(dir, 'meta'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const FIRST = {
  '0000_init.sql': 'create table member (id bigint primary key);',
  'meta/_journal.json': '{"entries":[{"tag":"0000_init"}]}',
};

describe('the key of the cached PGlite dump', () => {
  it('is the same for the same migrations and PGlite version, wherever they sit', () => {
    const dir = migrations(FIRST);
    const copy = mkdtempSync(path.join(os.tmpdir(), 'pglite-dump-key-'));
    made.push(copy);
    cpSync(dir, copy, { recursive: true });
    expect(dumpKey(dir, VERSION)).toMatch(/^[0-9a-f]{16}$/);
    expect(dumpKey(dir, VERSION)).toBe(dumpKey(dir, VERSION));
    expect(dumpKey(copy, VERSION)).toBe(dumpKey(dir, VERSION));
  });

  it("changes when a migration's content changes", () => {
    const before = dumpKey(migrations(FIRST), VERSION);
    const edited = { ...FIRST, '0000_init.sql': 'create table member (id bigint primary key, name text);' };
    expect(dumpKey(migrations(edited), VERSION)).not.toBe(before);
  });

  it('changes when a migration is added, even before the journal lists it', () => {
    const before = dumpKey(migrations(FIRST), VERSION);
    const added = { ...FIRST, '0001_wallet.sql': 'create table wallet (id bigint primary key);' };
    expect(dumpKey(migrations(added), VERSION)).not.toBe(before);
    const journalled = { ...added, 'meta/_journal.json': '{"entries":[{"tag":"0000_init"},{"tag":"0001_wallet"}]}' };
    expect(dumpKey(migrations(journalled), VERSION)).not.toBe(dumpKey(migrations(added), VERSION));
  });

  it("changes with PGlite's version, and by default uses the installed one", () => {
    const dir = migrations(FIRST);
    expect(dumpKey(dir, '0.3.1')).not.toBe(dumpKey(dir, VERSION));
    const manifest = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
    const installed = JSON.parse(readFileSync(manifest, 'utf8')).version as string;
    expect(dumpKey()).toBe(dumpKey(MIGRATIONS_DIR, installed));
    expect(dumpKey()).not.toBe(dumpKey(MIGRATIONS_DIR, `${installed}-next`));
  });
});
