// A small read-through cache for data that changes rarely and is read on every request (site
// settings, the game catalogue): one load per key per `ttlMs`, concurrent readers share it.
// Writers on this instance call `clear()`; other instances see a change within `ttlMs`.

export type TtlCache<V> = {
  get(key: string, load: () => PromiseLike<V>): Promise<V>;
  clear(): void;
};

export function createTtlCache<V>(ttlMs: number, now: () => number = Date.now): TtlCache<V> {
  const entries = new Map<string, { value: Promise<V>; at: number }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      // Adopted into a real promise: a lazy thenable (a Drizzle query) runs its statement on every
      // `then`, so keeping it as it is would run the statement once per reader instead of once.
      const entry = { value: Promise.resolve(load()), at: now() };
      entries.set(key, entry);
      // A failed load is not remembered: the next reader asks again.
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    clear() {
      entries.clear();
    },
  };
}

/** One cache per database handle (one app), shared by every repository built on that handle. */
export function cachePerHandle<V>(ttlMs: number) {
  const caches = new WeakMap<object, TtlCache<V>>();
  return (handle: object): TtlCache<V> => {
    let cache = caches.get(handle);
    if (!cache) {
      cache = createTtlCache<V>(ttlMs);
      caches.set(handle, cache);
    }
    return cache;
  };
}
