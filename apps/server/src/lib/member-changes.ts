// What a member sees of themselves changed: a balance (a posting's ledger accounts), an account
// opened, the name, the coins, the payout bank account. Every path that writes those calls
// `memberChanged` with its statement's handle; the listeners (the wallet view cache) hear it once
// the change is committed (db/commit-hooks.ts), on this instance. Keyed by the database handle, so
// the ledger, which only holds the handle, reaches the cache without depending on the wallet.

import type { Db, Tx } from '../db/client.ts';
import { afterCommit, rootOf } from '../db/commit-hooks.ts';

export type MemberChange = {
  /** Members whose own rows changed (name, coins, bank account) or who got a new ledger account. */
  members?: number[];
  /** Ledger accounts whose balance moved (a posting's lines; house accounts among them are harmless). */
  accounts?: number[];
};
export type MemberChangeListener = (change: MemberChange) => void;

const listeners = new WeakMap<Db, Set<MemberChangeListener>>();

/** Hears every committed change made through `db` on this instance; answers the unsubscribe. */
export function onMemberChange(db: Db, listener: MemberChangeListener): () => void {
  const set = listeners.get(db) ?? new Set();
  set.add(listener);
  listeners.set(db, set);
  return () => set.delete(listener);
}

/** How many listeners hear `db`'s changes (an app that closed has stopped listening). */
export function memberChangeListenerCount(db: Db): number {
  return listeners.get(db)?.size ?? 0;
}

/** Tells the listeners once what `ex` wrote is committed (at once outside a transaction). */
export function memberChanged(ex: Db | Tx, change: MemberChange): void {
  const set = listeners.get(rootOf(ex));
  if (!set || set.size === 0) return;
  afterCommit(ex, () => {
    for (const listener of set) listener(change);
  });
}
