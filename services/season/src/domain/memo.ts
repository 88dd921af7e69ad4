/**
 * Loads kept by key as promises, for the read caches of this service (season views, catalogue, stash list):
 * callers of one key share one load, a failed load is forgotten so the next caller loads again, and past
 * `max` keys the memo starts over. What makes an entry stale (a version, a token) is the caller's business:
 * it drops the whole memo for a new one.
 */
export class PromiseMemo<K, V> {
  private entries = new Map<K, Promise<V>>();

  constructor(private readonly max = Number.POSITIVE_INFINITY) {}

  get<T extends V>(key: K, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    if (this.entries.size >= this.max) this.entries = new Map();
    const mine = this.entries;
    const job = load();
    mine.set(key, job);
    job.catch(() => {
      if (mine.get(key) === job) mine.delete(key);
    });
    return job;
  }
}
