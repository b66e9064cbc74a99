/** How many keys one statement of a group takes at most: the rest wait for the next. */
export const MAX_GROUP = 1_000;

interface Waiter<V> {
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * Keys looked up a group at a time, as a group commit writes: the first caller's key is read at
 * once (after the current microtask, so callers of the same tick join it), and callers asking
 * while a group is read wait for the next group, which takes every key asked meanwhile. So a
 * crowd asking at once costs a few statements instead of one a caller, an idle caller waits for
 * no one, and every answer comes from a statement begun after its caller asked. A failed
 * statement fails its group's callers only; the next group is read all the same.
 *
 * `read` answers the keys it found; a key it leaves out is answered `missing`.
 */
export class GroupedRead<K, V> {
  private waiting = new Map<K, Waiter<V>[]>();
  private reading = false;

  constructor(
    private readonly read: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: V,
    private readonly maxGroup = MAX_GROUP,
  ) {}

  get(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.reading) {
        this.reading = true;
        queueMicrotask(() => void this.next());
      }
    });
  }

  private async next(): Promise<void> {
    const group = new Map<K, Waiter<V>[]>();
    for (const [key, waiters] of this.waiting) {
      if (group.size === this.maxGroup) break;
      group.set(key, waiters);
    }
    for (const key of group.keys()) this.waiting.delete(key);
    try {
      const found = await this.read([...group.keys()]);
      for (const [key, waiters] of group) {
        const value = found.has(key) ? (found.get(key) as V) : this.missing;
        for (const waiter of waiters) waiter.resolve(value);
      }
    } catch (error) {
      for (const waiters of group.values())
        for (const waiter of waiters) waiter.reject(error);
    }
    if (this.waiting.size) void this.next();
    else this.reading = false;
  }
}
