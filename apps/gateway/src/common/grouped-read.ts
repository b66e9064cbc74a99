import { AsyncResource } from 'node:async_hooks';

/** How many items one statement of a group takes at most: the rest wait for the next. */
export const MAX_GROUP = 1_000;

interface Waiter<V> {
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls made a group at a time, as a group commit writes: the first item goes at once (after
 * the current microtask, so items of the same tick join it), and items added while a group
 * is under way wait for the next group, which takes every item added meanwhile, in the order
 * added. So a crowd costs a few statements instead of one an item, an idle caller waits for
 * no one, and every answer comes from a statement begun after its item was added. A failed
 * statement fails its group's callers only; the next group runs all the same.
 *
 * `run` answers each item of the group, in the group's order.
 */
export class GroupedCalls<T, V> {
  private waiting: { item: T; waiter: Waiter<V> }[] = [];
  private running = false;
  /**
   * Where groups run: the async context the grouping was made in (a service's construction),
   * not that of the item that happened to start a group. A group is everyone's: it must not run
   * inside the first caller's transaction or request (docs/architecture.md, "One transaction
   * per command").
   */
  private readonly context = new AsyncResource('GroupedCalls');

  constructor(
    private readonly run: (items: T[]) => Promise<V[]>,
    private readonly maxGroup = MAX_GROUP,
  ) {}

  add(item: T): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.waiting.push({ item, waiter: { resolve, reject } });
      if (!this.running) {
        this.running = true;
        queueMicrotask(() =>
          this.context.runInAsyncScope(() => void this.next()),
        );
      }
    });
  }

  private async next(): Promise<void> {
    const group = this.waiting.splice(0, this.maxGroup);
    try {
      const answers = await this.run(group.map(({ item }) => item));
      group.forEach(({ waiter }, i) => waiter.resolve(answers[i]));
    } catch (error) {
      for (const { waiter } of group) waiter.reject(error);
    }
    if (this.waiting.length) void this.next();
    else this.running = false;
  }
}

/**
 * Keys looked up a group at a time (GroupedCalls): a key asked twice in one group is read
 * once. `read` answers the keys it found; a key it leaves out is answered `missing`.
 */
export class GroupedRead<K, V> {
  private readonly calls: GroupedCalls<K, V>;

  constructor(
    read: (keys: K[]) => Promise<Map<K, V>>,
    missing: V,
    maxGroup = MAX_GROUP,
  ) {
    this.calls = new GroupedCalls(async (keys) => {
      const found = await read([...new Set(keys)]);
      return keys.map((key) =>
        found.has(key) ? (found.get(key) as V) : missing,
      );
    }, maxGroup);
  }

  get(key: K): Promise<V> {
    return this.calls.add(key);
  }
}
