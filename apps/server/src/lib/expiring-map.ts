// A bounded in-process map whose entries expire `ttlMs` after they were set (the monotonic clock,
// read at each call). When full, the entry set longest ago goes first. `onRemove` hears every entry
// that leaves other than by `clear`: deleted, expired when read, replaced or pushed out.

export type ExpiringMapOptions<K, V> = {
  ttlMs: number;
  max: number;
  onRemove?: (key: K, value: V) => void;
};

export type ExpiringMap<K, V> = {
  /** The value while it has not expired; an expired one is removed. */
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  /** The entries kept, expired ones among them until they are read. */
  entries(): IterableIterator<[K, V]>;
  readonly size: number;
};

export function createExpiringMap<K, V>(opts: ExpiringMapOptions<K, V>): ExpiringMap<K, V> {
  const kept = new Map<K, { value: V; until: number }>();
  const remove = (key: K) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    opts.onRemove?.(key, entry.value);
  };
  return {
    get(key) {
      const entry = kept.get(key);
      if (!entry) return undefined;
      if (entry.until <= performance.now()) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      remove(key);
      if (kept.size >= opts.max) {
        const oldest = kept.keys().next();
        if (!oldest.done) remove(oldest.value);
      }
      kept.set(key, { value, until: performance.now() + opts.ttlMs });
    },
    delete: remove,
    clear() {
      kept.clear();
    },
    *entries() {
      for (const [key, entry] of kept) yield [key, entry.value] as [K, V];
    },
    get size() {
      return kept.size;
    },
  };
}
