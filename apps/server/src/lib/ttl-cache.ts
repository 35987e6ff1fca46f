// A small read-through cache for data that changes rarely and is read on every request (site
// settings, the game catalogue): one load per key per `ttlMs`, concurrent readers share it.
// Writers on this instance call `clear()`; other instances see a change within `ttlMs`.

export type TtlCache<V> = {
  get(key: string, load: () => PromiseLike<V>): Promise<V>;
  /**
   * What `get` would answer, without a promise, when the key's value is loaded and still fresh;
   * undefined when `get` would have to load it or wait for its load.
   */
  peek(key: string): { readonly value: V } | undefined;
  clear(): void;
};

type Entry<V> = { promise: Promise<V>; at: number; loaded: boolean; value: V | undefined };

export function createTtlCache<V>(ttlMs: number, now: () => number = Date.now): TtlCache<V> {
  const entries = new Map<string, Entry<V>>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.promise;
      // Adopted into a real promise: a lazy thenable (a Drizzle query) runs its statement on every
      // `then`, so keeping it as it is would run the statement once per reader instead of once.
      const entry: Entry<V> = { promise: Promise.resolve(load()), at: now(), loaded: false, value: undefined };
      entries.set(key, entry);
      entry.promise.then(
        (value) => {
          entry.value = value;
          entry.loaded = true;
        },
        // A failed load is not remembered: the next reader asks again.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.promise;
    },
    peek(key) {
      const hit = entries.get(key);
      return hit?.loaded && now() - hit.at < ttlMs ? (hit as { readonly value: V }) : undefined;
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
