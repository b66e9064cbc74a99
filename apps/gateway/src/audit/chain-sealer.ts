import {
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import type { ChainHead } from '@livevote/contracts';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { GENESIS, linkHash, sha256 } from './chain';
import { ChainRepository, type NewLink } from './chain.repository';

/** How long after a ballot batch or an audit entry its meeting is sealed. */
export const SEAL_DELAY_MS = 1000;
const SWEEP_MS = 30_000;
const SWEEP_WINDOW_MS = 86_400_000;
const PAGE = 2000;

/**
 * Seals a meeting's ballot events and audit entries into its hash chain after the fact, so
 * the ballot path never waits for the chain (docs/verifiability.md): a meeting is sealed a
 * second after it had news on this node, at every close before its result is worked out, and
 * by a sweep every 30 s (entries a node left behind). Sealers of one meeting take turns under
 * an advisory lock, on any node; what one sealed, the next finds done.
 */
@Injectable()
export class ChainSealer
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('ChainSealer');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<ChainHead | null>>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly repository: ChainRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** The meeting has new entries: seal it soon (once, however often it is told). */
  touch(meetingId: string): void {
    if (this.timers.has(meetingId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(meetingId);
      this.seal(meetingId).catch((error: unknown) =>
        this.logger.warn(
          `sealing meeting ${meetingId} failed: ${String(error)}`,
        ),
      );
    }, SEAL_DELAY_MS);
    timer.unref();
    this.timers.set(meetingId, timer);
  }

  /**
   * Seals every entry of the meeting committed before this call; answers the head. A seal
   * already running on this node is waited for, then another one runs for what it missed.
   */
  async seal(meetingId: string): Promise<ChainHead | null> {
    const before = this.running.get(meetingId);
    const next = (before ?? Promise.resolve(null))
      .catch(() => null)
      .then(() => this.sealOnce(meetingId));
    this.running.set(meetingId, next);
    try {
      return await next;
    } finally {
      if (this.running.get(meetingId) === next) this.running.delete(meetingId);
    }
  }

  head(meetingId: string): Promise<ChainHead | null> {
    return this.repository.head(meetingId);
  }

  private async sealOnce(meetingId: string): Promise<ChainHead | null> {
    for (;;) {
      const { head, more } = await this.unitOfWork.run(async () => {
        await this.repository.lockMeeting(meetingId);
        const head = await this.repository.head(meetingId);
        const pending = await this.repository.pending(meetingId, PAGE);
        let previous = head?.hash ?? GENESIS;
        let position = head?.position ?? 0;
        const links: NewLink[] = pending.map((entry) => {
          position += 1;
          const digest = sha256(entry.content);
          previous = linkHash(previous, position, digest);
          return {
            position,
            source: entry.source,
            sourceId: entry.id,
            digest,
            hash: previous,
          };
        });
        await this.repository.append(meetingId, links, this.clock.now());
        return {
          head: position ? { position, hash: previous } : null,
          more: pending.length === PAGE,
        };
      });
      if (!more) return head;
    }
  }

  private async sweep(): Promise<void> {
    try {
      const since = new Date(this.clock.nowMs() - SWEEP_WINDOW_MS);
      for (const meetingId of await this.repository.meetingsToSeal(since, 50))
        await this.seal(meetingId);
    } catch (error) {
      this.logger.warn(`chain sweep failed: ${String(error)}`);
    }
  }
}
