/**
 * Reads under way, one a key: a caller asking while a read is under way shares it instead of
 * starting its own. The answer is kept (handed to `keep`) only if the read is still the one
 * of its key when it answers: `forget` (a change came in) drops it, since a read under way may
 * predate the change, and the next caller reads again.
 */
export class SingleFlight<K, T> {
  private readonly inFlight = new Map<K, Promise<T>>();

  /**
   * The read of the key under way, or a new one. `overtaken` answers instead when a `forget`
   * came while it was read (by default, the read's own answer, not kept).
   */
  run(
    key: K,
    read: () => Promise<T>,
    keep: (value: T) => void,
    overtaken: (value: T) => T = (value) => value,
  ): Promise<T> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise: Promise<T> = read().then(
      (value) => {
        if (this.inFlight.get(key) !== promise) return overtaken(value);
        this.inFlight.delete(key);
        keep(value);
        return value;
      },
      (error: unknown) => {
        if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, promise);
    return promise;
  }

  /** A change came in: the read under way, if any, is not kept nor shared any more. */
  forget(key: K): void {
    this.inFlight.delete(key);
  }

  clear(): void {
    this.inFlight.clear();
  }
}

/**
 * Reads one a key, each started after every caller it answers had asked: a caller asking while
 * a read is under way does not take that read (it may predate what the caller knows, e.g. the
 * rooms it just joined) but waits for the next one, which every caller of that wait shares.
 * So a crowd asking at once costs two reads, not one a caller, and none gets an answer older
 * than its question. `read` must not depend on the caller: the first caller's is used.
 */
export class FreshRead<K, T> {
  private readonly reads = new Map<
    K,
    { running: Promise<T>; queued?: Promise<T> }
  >();

  run(key: K, read: () => Promise<T>): Promise<T> {
    const entry = this.reads.get(key);
    if (!entry) return this.begin(key, read);
    entry.queued ??= entry.running.then(
      () => this.begin(key, read),
      () => this.begin(key, read),
    );
    return entry.queued;
  }

  private begin(key: K, read: () => Promise<T>): Promise<T> {
    const running = Promise.resolve().then(read);
    const entry: { running: Promise<T>; queued?: Promise<T> } = { running };
    this.reads.set(key, entry);
    // the last read of a crowd leaves no entry behind; a queued one takes its place instead
    const settle = () => {
      if (this.reads.get(key) === entry && entry.queued === undefined)
        this.reads.delete(key);
    };
    running.then(settle, settle);
    return running;
  }
}
