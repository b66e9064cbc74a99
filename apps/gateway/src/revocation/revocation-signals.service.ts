import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { LANGUAGES } from '@livevote/i18n';
import { z } from 'zod';

/** News that ends sessions: every node acts on it for the sockets and caches it holds. */
export const RevocationSignal = z.discriminatedUnion('kind', [
  /** A voter was deleted (`version` null) or is now another person (its new session version). */
  z.strictObject({
    kind: z.literal('voter'),
    voterId: z.string(),
    version: z.string().nullable(),
  }),
  /** A voter chose another language (or none): problem details follow it (docs/i18n.md). */
  z.strictObject({
    kind: z.literal('voter-language'),
    voterId: z.string(),
    language: z.enum(LANGUAGES).nullable(),
  }),
  /** A manager no longer belongs to an account (the screen tokens they made there end too). */
  z.strictObject({
    kind: z.literal('account-user'),
    accountId: z.string(),
    userId: z.string(),
  }),
  /**
   * A manager's roles in an account changed: their sockets there subscribe again, as the rooms
   * a socket joins follow the role it subscribed with (a clerk's get no tallies).
   */
  z.strictObject({
    kind: z.literal('account-roles'),
    accountId: z.string(),
    userId: z.string(),
  }),
  /** A screen token was revoked. */
  z.strictObject({
    kind: z.literal('screen-token'),
    key: z.string(),
  }),
]);
export type RevocationSignal = z.infer<typeof RevocationSignal>;

export interface RevocationSignalHandlers {
  signal(signal: RevocationSignal): void;
  /** Signals may have been missed (the link to the other nodes was down): drop what was cached. */
  resync(): void;
}

/**
 * The channel between gateway nodes for session revocations: Redis pub/sub when configured,
 * this process alone otherwise. A signal is applied here at once, then sent to the others.
 */
export abstract class RevocationSignalsService {
  private readonly handlers: RevocationSignalHandlers[] = [];

  on(handlers: RevocationSignalHandlers): void {
    this.handlers.push(handlers);
  }

  async publish(signal: RevocationSignal): Promise<void> {
    this.dispatch(signal);
    await this.send(signal);
  }

  /** Starts hearing other nodes (the HTTP gateway does; the admin CLI only publishes). */
  abstract listen(): Promise<void>;
  abstract close(): Promise<void>;
  protected abstract send(signal: RevocationSignal): Promise<void>;

  protected dispatch(signal: RevocationSignal): void {
    for (const handler of this.handlers) handler.signal(signal);
  }

  protected resync(): void {
    for (const handler of this.handlers) handler.resync();
  }
}

export class InProcessRevocationSignals extends RevocationSignalsService {
  listen(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  protected send(): Promise<void> {
    return Promise.resolve();
  }
}

export class RedisRevocationSignals extends RevocationSignalsService {
  private readonly logger = new Logger('RevocationSignalsService');
  private subscriber?: Redis;
  private connectedBefore = false;

  constructor(
    private readonly publisher: Redis,
    private readonly channel: string,
  ) {
    super();
  }

  async listen(): Promise<void> {
    if (this.subscriber) return;
    const subscriber = this.publisher.duplicate();
    this.subscriber = subscriber;
    subscriber.on('error', (error: Error) =>
      this.logger.warn(`session signals redis: ${error.message}`),
    );
    // after a reconnection, whatever was published meanwhile never arrived
    subscriber.on('ready', () => {
      if (this.connectedBefore) this.resync();
      this.connectedBefore = true;
    });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const parsed = RevocationSignal.safeParse(safeJson(message));
      if (parsed.success) this.dispatch(parsed.data);
      else this.logger.warn('ignored a malformed session signal');
    });
    await subscriber.subscribe(this.channel);
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    await subscriber?.quit().catch(() => subscriber.disconnect());
  }

  protected async send(signal: RevocationSignal): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify(signal));
    } catch (error) {
      // the change is committed; other nodes catch up through their periodic re-check
      this.logger.warn(
        `session signal not published: ${(error as Error).message}`,
      );
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
