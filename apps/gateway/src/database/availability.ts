import { Logger } from '@nestjs/common';
import { ApiException } from '../common/api-exception';

const PROBE_MS = 250;

/** PostgreSQL cannot be reached: a 503 the client may retry, never a 500. */
export class DatabaseUnavailableException extends ApiException {
  constructor(cause?: unknown) {
    super(
      503,
      'store_unavailable',
      { variant: 'database' },
      { 'retry-after': '1' },
    );
    if (cause !== undefined) this.cause = cause;
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

/** node-postgres' words for a connection that died under it. */
const CONNECTION_MESSAGES =
  /Connection terminated|is not queryable|Client has encountered a connection error/;

/** A lost or refused connection (not a failing statement), looked for along the cause chain. */
export function isConnectionError(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (current instanceof DatabaseUnavailableException) return true;
    if (
      typeof code === 'string' &&
      (CONNECTION_CODES.has(code) || code.startsWith('08'))
    )
      return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message))
      return true;
    current = cause;
  }
  return false;
}

/** The SQLSTATE of a PostgreSQL error, looked for along the cause chain (drizzle wraps it). */
export function sqlState(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, severity, cause } = current as {
      code?: unknown;
      severity?: unknown;
      cause?: unknown;
    };
    // a server's error answer (it has a severity), not a socket error such as EPIPE
    if (typeof code === 'string' && typeof severity === 'string') return code;
    current = cause;
  }
  return undefined;
}

/** The driver's own message, for logs: drizzle's wrapper would add the statement's parameters. */
export function causeMessage(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    current = cause;
  }
  return current instanceof Error ? current.message : String(current);
}

/**
 * Whether PostgreSQL answers. Lost on a refused connection, or when a probe after a dropped
 * one fails; from then on queries fail fast with 503 while a probe retries every PROBE_MS,
 * and the first good probe (or ping) lets them through again.
 */
export class Availability {
  private readonly logger = new Logger('Database');
  private lostAt?: number;
  private timer?: NodeJS.Timeout;
  private probing = false;
  private stopped = false;

  constructor(private readonly probe: () => Promise<void>) {}

  get reachable(): boolean {
    return this.lostAt === undefined;
  }

  lost(error: unknown): void {
    if (this.stopped || this.lostAt !== undefined) return;
    this.lostAt = Date.now();
    this.logger.error(`database unreachable: ${causeMessage(error)}`);
    this.check(0);
  }

  /**
   * A connection dropped: PostgreSQL may be gone, or only that connection (a terminated
   * backend). Probes at once on a fresh connection and declares it lost only if that fails.
   */
  suspect(error: unknown): void {
    if (this.stopped || this.lostAt !== undefined || this.probing) return;
    this.logger.warn(`database connection lost: ${causeMessage(error)}`);
    this.probing = true;
    this.probe()
      .catch((failure: unknown) => this.lost(failure))
      .finally(() => (this.probing = false));
  }

  async ping(): Promise<void> {
    try {
      await this.probe();
    } catch (error) {
      if (isConnectionError(error)) this.lost(error);
      throw error;
    }
    this.regained();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private regained(): void {
    if (this.lostAt === undefined) return;
    this.logger.log(
      `database reachable again after ${Date.now() - this.lostAt} ms`,
    );
    this.lostAt = undefined;
    clearTimeout(this.timer);
  }

  private check(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.probe().then(
        () => this.regained(),
        () => {
          if (!this.reachable && !this.stopped) this.check(PROBE_MS);
        },
      );
    }, delay);
    this.timer.unref();
  }
}
