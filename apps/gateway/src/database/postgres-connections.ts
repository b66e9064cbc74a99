import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';
import {
  Availability,
  DatabaseUnavailableException,
  isConnectionError,
} from './availability';

type QueryArgs = [unknown, ...unknown[]];
type ConnectCallback = (
  error: Error | undefined,
  client?: PoolClient,
  done?: (release?: Error | boolean) => void,
) => void;

const READ = /^\s*select\b/i;

/**
 * Keeps statements off connections that may be dead. When one connection is found lost,
 * every connection opened before it is suspect (a terminated server or a cut network takes
 * them all): the pool closes them instead of handing them out. A statement that failed on
 * a lost connection runs once more, on a fresh one, when running it twice is harmless: a
 * read, or a statement run inside `idempotent()`. Anything else answers 503.
 */
export class PostgresConnections {
  readonly availability: Availability;
  private readonly retryable = new AsyncLocalStorage<true>();
  private readonly serials = new WeakMap<object, number>();
  private opened = 0;
  private suspectBelow = 0;

  constructor(private readonly pool: Pool) {
    this.availability = new Availability(() => this.probe());
    pool.on('connect', (client) => {
      this.serials.set(client, ++this.opened);
      // pg-pool listens only while a client is idle; a checked-out client whose connection
      // ends emits 'error' too, which must not go unheard (it would end the process)
      client.on('error', (error) => this.lost(error));
    });
    // an idle connection died (pg-pool has already dropped that one)
    pool.on('error', (error) => this.lost(error));
    this.guardConnect();
    this.guardQuery();
  }

  /** A connection was lost: those opened so far are not handed out again. */
  lost(error: unknown): void {
    this.suspectBelow = this.opened + 1;
    this.availability.suspect(error);
  }

  /** Runs fn with its statements marked safe to run twice. */
  idempotent<T>(fn: () => PromiseLike<T>): Promise<T> {
    // awaited inside: drizzle's queries are lazy and start only when awaited
    return this.retryable.run(true, async () => await fn());
  }

  private async probe(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('select 1');
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }

  private isSuspect(client: PoolClient): boolean {
    return (this.serials.get(client) ?? 0) < this.suspectBelow;
  }

  /** pool.connect (for transactions, and for pool.query inside pg-pool) skips suspects. */
  private guardConnect(): void {
    const connect = this.pool.connect.bind(
      this.pool,
    ) as () => Promise<PoolClient>;
    const fresh = async (): Promise<PoolClient> => {
      for (;;) {
        const client = await connect();
        if (!this.isSuspect(client)) return client;
        client.release(true);
      }
    };
    (this.pool as { connect: unknown }).connect = (
      callback?: ConnectCallback,
    ) => {
      if (!callback) return fresh();
      fresh().then(
        (client) => callback(undefined, client, client.release),
        (error: Error) => callback(error),
      );
    };
  }

  /** pool.query (drizzle's statements outside a transaction): retried once when harmless. */
  private guardQuery(): void {
    const query = this.pool.query.bind(this.pool) as (
      ...args: QueryArgs
    ) => unknown;
    (this.pool as { query: unknown }).query = (...args: QueryArgs) => {
      if (args.some((arg) => typeof arg === 'function')) return query(...args);
      const run = () => query(...args) as Promise<unknown>;
      return run().catch(async (error: unknown) => {
        if (!isConnectionError(error)) throw error;
        this.lost(error);
        if (!this.canRetry(args[0]))
          throw new DatabaseUnavailableException(error);
        try {
          return await run();
        } catch (again) {
          if (!isConnectionError(again)) throw again;
          this.availability.lost(again);
          throw new DatabaseUnavailableException(again);
        }
      });
    };
  }

  private canRetry(statement: unknown): boolean {
    if (this.retryable.getStore()) return true;
    const text =
      typeof statement === 'string'
        ? statement
        : (statement as { text?: unknown } | null)?.text;
    return typeof text === 'string' && READ.test(text);
  }
}
