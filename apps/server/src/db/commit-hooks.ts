// Work that must wait until the database has committed: a cache drop made before the commit lets a
// reader fill the cache again with the old rows in between. `trackCommits` (openDatabase) makes every
// transaction of the handle, savepoints included, collect the hooks its statements register;
// `afterCommit` runs a hook once the outermost transaction has committed, at once outside one (a
// single statement commits before its await returns), and never when it rolls back.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

type Hook = () => void;
type Tracked = { hooks: Hook[]; root: Db };
type Opener = (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => Promise<unknown>;

const open = new WeakMap<object, Tracked>();

/** Makes `db.transaction` (and each transaction's nested `transaction`) run the hooks after commit. */
export function trackCommits(db: Db): Db {
  const begin = db.transaction.bind(db) as Opener;
  const transaction: Opener = async (fn, config) => {
    const hooks: Hook[] = [];
    const result = await begin((tx) => fn(adopt(tx, { hooks, root: db })), config);
    runHooks(hooks);
    return result;
  };
  (db as { transaction: Opener }).transaction = transaction;
  return db;
}

/** A savepoint's hooks join its parent's when it is released and are dropped when it rolls back. */
function adopt(tx: Tx, tracked: Tracked): Tx {
  open.set(tx, tracked);
  const nested = tx.transaction.bind(tx) as Opener;
  const savepoint: Opener = (fn, config) =>
    nested(async (inner) => {
      const own: Tracked = { hooks: [], root: tracked.root };
      const result = await fn(adopt(inner, own));
      tracked.hooks.push(...own.hooks);
      return result;
    }, config);
  (tx as { transaction: Opener }).transaction = savepoint;
  return tx;
}

function runHooks(hooks: Hook[]) {
  for (const hook of hooks) {
    try {
      hook();
    } catch {
      // A hook is a cache's or a notice's business: a commit that happened is never reported failed.
    }
  }
}

function trackedOf(ex: Db | Tx): Tracked | null {
  if (!(ex instanceof PgTransaction)) return null;
  const tracked = open.get(ex);
  if (!tracked) throw new Error('a transaction not opened through a tracked database handle (trackCommits)');
  return tracked;
}

/** Runs `hook` once what `ex` wrote is committed: now for the handle, at the end for a transaction. */
export function afterCommit(ex: Db | Tx, hook: Hook): void {
  const tracked = trackedOf(ex);
  if (tracked) tracked.hooks.push(hook);
  else runHooks([hook]);
}

/** The database handle a transaction belongs to (the handle itself for a handle). */
export function rootOf(ex: Db | Tx): Db {
  return trackedOf(ex)?.root ?? (ex as Db);
}
