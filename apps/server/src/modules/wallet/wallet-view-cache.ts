// GET /api/wallet's view of a member (wallet.hot-path.ts) kept in process, so that the most frequent
// member call reads no row while nothing of the member changed. Every path that changes what the
// view shows says so after its commit (lib/member-changes.ts: a posting's ledger accounts, a new
// account, the name, the coins, the bank account); the entries it names are dropped here, and on
// every other instance through Redis. An entry lives at most `ttlMs` whatever happens.
//
// A read that began before a change and ends after it may hold the old rows: it is not kept when a
// change since its start names its member or one of its accounts (the recent changes are
// remembered; a read older than what is remembered is not kept at all). With REDIS_URL set nothing is
// kept while this instance is not subscribed, and everything is dropped whenever the subscription
// drops, as the session cache does (decision 034).
import { createExpiringMap } from '../../lib/expiring-map.ts';
import type { MemberChange } from '../../lib/member-changes.ts';
import { type Broadcast, createBroadcast } from '../../lib/redis-broadcast.ts';
import type { WalletView } from './wallet.hot-path.ts';

type Log = { warn: (obj: object, msg: string) => void };

export type WalletViewCacheOptions = {
  ttlMs: number;
  max: number;
  redisUrl?: string;
  channel: string;
};

/** How many changes are remembered for the reads in flight. */
const RECENT_MAX = 2_048;

export type WalletViewCache = ReturnType<typeof createWalletViewCache>;

export function createWalletViewCache(opts: WalletViewCacheOptions) {
  const enabled = opts.ttlMs > 0 && opts.max > 0;
  /** The member of each account of a kept view. */
  const owners = new Map<number, number>();
  const entries = createExpiringMap<number, WalletView>({
    ttlMs: opts.ttlMs,
    max: opts.max,
    onRemove: (_memberId, view) => {
      for (const id of view.accountIds) owners.delete(id);
    },
  });
  const recent: { seq: number; change: MemberChange }[] = [];
  /** Numbers every change; a read that began at or before `floor` cannot be checked any more. */
  let seq = 0;
  let floor = 0;
  let closed = false;
  let bus: Broadcast | null = null;
  /** Changes made here, sent to the other instances together once this turn of the event loop ends. */
  let outbox: MemberChange[] = [];
  let log: Log | undefined;

  const live = () => enabled && !closed && (!opts.redisUrl || (bus?.live ?? false));

  function dropLocal(change: MemberChange) {
    seq += 1;
    recent.push({ seq, change });
    if (recent.length > RECENT_MAX) floor = recent.shift()!.seq;
    for (const id of change.members ?? []) entries.delete(id);
    for (const id of change.accounts ?? []) {
      const owner = owners.get(id);
      if (owner !== undefined) entries.delete(owner);
    }
  }

  function clear() {
    seq += 1;
    floor = seq;
    recent.length = 0;
    entries.clear();
    owners.clear();
  }

  function touches(change: MemberChange, memberId: number, accountIds: number[]) {
    return (
      (change.members?.includes(memberId) ?? false) || (change.accounts?.some((id) => accountIds.includes(id)) ?? false)
    );
  }

  function flush() {
    const batch = outbox;
    outbox = [];
    const members = [...new Set(batch.flatMap((c) => c.members ?? []))];
    const accounts = [...new Set(batch.flatMap((c) => c.accounts ?? []))];
    bus?.publish(opts.channel, { members, accounts });
  }

  function connect() {
    if (bus || closed || !opts.redisUrl || !enabled) return;
    bus = createBroadcast({
      redisUrl: opts.redisUrl,
      name: 'wallet view cache',
      log: () => log,
      channels: {
        [opts.channel]: (body) => {
          const change = parseChange(body);
          if (change) dropLocal(change);
        },
      },
      // Whatever was published while we were away is lost: start again from nothing.
      onLive: clear,
    });
  }

  return {
    /** Where Redis trouble is reported (the app's logger). */
    useLog(appLog: Log) {
      log = appLog;
    },
    /** Subscribes to the other instances' changes (app start; nothing to do without Redis). */
    start() {
      connect();
    },
    /** Call before reading the view that may be kept. */
    begin(): number {
      connect();
      return seq;
    },
    get(memberId: number): WalletView | null {
      if (!live()) return null;
      return entries.get(memberId) ?? null;
    },
    /** Keeps a view read since `begin` answered `since`, unless a change since then names it. */
    set(memberId: number, view: WalletView, since: number) {
      if (!live() || since < floor) return;
      for (let i = recent.length - 1; i >= 0 && recent[i]!.seq > since; i -= 1) {
        if (touches(recent[i]!.change, memberId, view.accountIds)) return;
      }
      entries.set(memberId, view);
      for (const id of view.accountIds) owners.set(id, memberId);
    },
    /** A committed change on this instance: dropped here at once, then on the others. */
    changed(change: MemberChange) {
      dropLocal(change);
      if (!bus) return;
      if (outbox.length === 0) setImmediate(flush);
      outbox.push(change);
    },
    /** Forgets every entry of this instance (tests that change rows behind the app's back). */
    clear,
    async close() {
      closed = true;
      clear();
      if (outbox.length > 0) flush();
      await bus?.close();
      bus = null;
    },
  };
}

const ids = (value: unknown): number[] | undefined =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : undefined;

function parseChange(body: unknown): MemberChange | null {
  if (typeof body !== 'object' || body === null) return null;
  const { members, accounts } = body as Record<string, unknown>;
  return { members: ids(members) ?? [], accounts: ids(accounts) ?? [] };
}
