// A migrated, empty PGlite data directory, dumped once and loaded by every test database: creating
// a PGlite from nothing (initdb in WebAssembly) costs seconds, loading a dump a fraction of that.
// The dump's name is a hash of the migrations and of PGlite's version, so any change to either
// makes a new one; `openDatabase` still runs the migrator over the loaded dump.

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client.ts';
import { MIGRATIONS_DIR, REPO_ROOT } from '../paths.ts';

const DUMP_DIR = path.join(REPO_ROOT, '.cache/pglite-dumps');

/** The dump for the current migrations, made on first use (concurrent makers each write a whole file). */
export async function migratedPgliteDump(): Promise<Blob> {
  const file = path.join(DUMP_DIR, `${dumpKey()}.tar`);
  if (!existsSync(file)) await writeDump(file);
  return new Blob([readFileSync(file)]);
}

/** The dump's name: a hash of PGlite's version and of each migration file's name and content. */
export function dumpKey(migrationsDir = MIGRATIONS_DIR, pgliteVersion = installedPgliteVersion()): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion);
  for (const name of migrationFiles(migrationsDir)) {
    hash.update(name);
    hash.update(readFileSync(path.join(migrationsDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

function installedPgliteVersion(): string {
  const manifest = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
  return JSON.parse(readFileSync(manifest, 'utf8')).version as string;
}

function migrationFiles(migrationsDir: string): string[] {
  const sqlFiles = readdirSync(migrationsDir).filter((name) => name.endsWith('.sql'));
  return [...sqlFiles.sort(), 'meta/_journal.json'];
}

async function writeDump(file: string) {
  const database = await openDatabase({});
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    mkdirSync(DUMP_DIR, { recursive: true });
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
}
