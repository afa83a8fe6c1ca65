import { LRUCache } from 'lru-cache';

const SEARCH_CACHE_ENTRIES = 1000;

/**
 * A per-process cache of catalog search results (rows, counts, facets), keyed by the normalised
 * query. Store-specific parts (favourites, online-now) are applied after the cache, so one entry
 * serves every store. Writes in this process (seed, import) clear it; other processes of a
 * scaled-out deployment see changes within the TTL.
 */
export const createSearchCache = (ttlMs: number) => {
  const cache = new LRUCache<string, { value: unknown }>({
    max: SEARCH_CACHE_ENTRIES,
    ttl: Math.max(ttlMs, 1),
  });
  const pending = new Map<string, Promise<unknown>>();

  return {
    /** The cached answer for `key`, or `load()`'s; concurrent misses for one key load once. */
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = cache.get(key);
      if (hit) return hit.value as T;
      const inFlight = pending.get(key);
      if (inFlight) return inFlight as Promise<T>;
      const promise = load()
        .then((value) => {
          cache.set(key, { value });
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, promise);
      return promise;
    },

    clear(): void {
      cache.clear();
    },
  };
};
export type SearchCache = ReturnType<typeof createSearchCache>;

/** A stable key for a query object: keys sorted, undefined left out. */
export const cacheKey = (kind: string, query: object): string =>
  `${kind}:${JSON.stringify(query, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .filter(([, entry]) => entry !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : value,
  )}`;
