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

function dumpKey(): string {
  const hash = createHash('sha256');
  const pgliteManifest = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
  hash.update(JSON.parse(readFileSync(pgliteManifest, 'utf8')).version as string);
  for (const name of migrationFiles()) {
    hash.update(name);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

function migrationFiles(): string[] {
  const sqlFiles = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));
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
