import { AsyncResource } from 'node:async_hooks';
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
import {
  ChainRepository,
  type BallotsWindow,
  type NewLink,
  type PendingKey,
  type SealWindow,
} from './chain.repository';

/** How long after a ballot batch or an audit entry its meeting is sealed. */
export const SEAL_DELAY_MS = 1000;
const SWEEP_MS = 30_000;
const SWEEP_WINDOW_MS = 86_400_000;
/** Meetings a sweep seals at most; with more, the next sweep looks as far back again. */
const SWEEP_MEETINGS = 50;
/** Entries hashed and linked in one transaction. */
const PAGE = 2000;
/** Keys of unsealed entries read in one statement, paged through after. */
const KEYS = 50_000;
/**
 * How long before its last complete seal on this node a seal of recent entries starts looking.
 * An entry is stamped by the node just before its transaction, so one that committed after
 * that seal was stamped after this; one held up longer is sealed by the sweep or the next
 * close, which look at everything (docs/verifiability.md). Every entry in this window is read
 * again at each seal: 5 s at 6,000 ballots a second is 30,000 index rows a second.
 */
export const LATE_COMMIT_MS = 5_000;
/** Meetings whose last complete seal this node remembers. */
const REMEMBERED = 1000;

/**
 * `all`: every unsealed entry of the meeting, whenever it was stamped. `recent`: those stamped
 * since 5 s before this node's last complete seal of the meeting (all of them when there
 * was none), which is what a seal a second after new ballots needs. A `SealWindow`: ballot
 * events and audit entries stamped since the times it gives, the look-back a sweep found the
 * meeting with.
 */
export type SealScope = 'all' | 'recent' | SealWindow;

/**
 * Seals a meeting's ballot events and audit entries into its hash chain after the fact, so
 * the ballot path never waits for the chain (docs/verifiability.md): a meeting is sealed a
 * second after it had news on this node, at every close before its result is worked out, and
 * by a sweep every 30 s (entries a node left behind). Sealers of one meeting take turns under
 * an advisory lock, on any node; what one sealed, the next finds done.
 */
@Injectable()
export class ChainSealingService
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('ChainSealingService');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly context = new AsyncResource('ChainSealingService');
  private readonly running = new Map<string, Promise<ChainHead | null>>();
  /** By meeting, when this node's last complete seal of it began (epoch ms). */
  private readonly sealedBefore = new Map<string, number>();
  private sweeper?: NodeJS.Timeout;
  /** When this node's last complete sweep began (none yet: the next looks at the whole day). */
  private sweptAt: number | null = null;

  constructor(
    private readonly repository: ChainRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
    // what a node that stopped left unsealed, at once rather than in 30 s
    void this.sweep();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** The meeting has new entries: seal it soon (once, however often it is told). */
  touch(meetingId: string): void {
    if (this.timers.has(meetingId)) return;
    // in the sealer's own context: touched inside a transaction, the seal a second later must
    // not take that transaction, nor its client, for its own (docs/architecture.md, "One
    // transaction per command")
    const timer = this.context.runInAsyncScope(() =>
      setTimeout(() => {
        this.timers.delete(meetingId);
        this.seal(meetingId, 'recent').catch((error: unknown) =>
          this.logger.warn(
            `sealing meeting ${meetingId} failed: ${String(error)}`,
          ),
        );
      }, SEAL_DELAY_MS),
    );
    timer.unref();
    this.timers.set(meetingId, timer);
  }

  /**
   * Seals every entry of the meeting committed before this call (`recent`: every one stamped
   * in the window); answers the head. A seal already running on this node is waited for, then
   * another one runs for what it missed.
   */
  async seal(
    meetingId: string,
    scope: SealScope = 'all',
  ): Promise<ChainHead | null> {
    const before = this.running.get(meetingId);
    const next = (before ?? Promise.resolve(null))
      .catch(() => null)
      .then(() => this.sealOnce(meetingId, scope));
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

  /**
   * Reads the keys of what is unsealed in one statement (the meeting's events are scanned
   * once, not once a page), then seals them a page a transaction, oldest first.
   */
  private async sealOnce(
    meetingId: string,
    scope: SealScope,
  ): Promise<ChainHead | null> {
    const started = this.clock.nowMs();
    let window = this.windowOf(meetingId, scope);
    let head: ChainHead | null | undefined;
    for (;;) {
      const keys = await this.repository.pendingKeys(meetingId, window, KEYS);
      for (let at = 0; at < keys.length; at += PAGE)
        head = await this.sealPage(meetingId, keys.slice(at, at + PAGE));
      if (keys.length < KEYS) break;
      // the next keys from the last one's time: any older entry committed since was
      // committed after `started`, and a later seal's window takes it in
      const from = keys[keys.length - 1].at;
      window = { ballots: from, audit: from };
    }
    this.sealedBefore.delete(meetingId);
    this.sealedBefore.set(meetingId, started);
    if (this.sealedBefore.size > REMEMBERED)
      this.sealedBefore.delete(this.sealedBefore.keys().next().value!);
    return head === undefined ? this.repository.head(meetingId) : head;
  }

  /**
   * Where a seal looks. A sweep's window is narrowed to this node's last complete seal of the
   * meeting when that is later: a sweep's seal waits behind the seals running for the meeting,
   * and in a closed loop it began 12 s after the sweep, probing 17 s of events to find none
   * (docs/benchmarks-history.md, "The sweep's seal"). What was stamped 5 s before that seal began was
   * committed before it, and sealed by it (the rule of `ballotsWindow`).
   */
  private windowOf(meetingId: string, scope: SealScope): SealWindow {
    if (scope === 'all') return { ballots: null, audit: null };
    const last = this.sealedBefore.get(meetingId);
    const sealed = last === undefined ? null : new Date(last - LATE_COMMIT_MS);
    if (scope === 'recent') return { ballots: sealed, audit: sealed };
    if (!scope.ballots || !sealed || sealed <= scope.ballots) return scope;
    return { ballots: sealed, audit: scope.audit };
  }

  /** Links those of `keys` no sealer has linked meanwhile; answers the head after. */
  private sealPage(
    meetingId: string,
    keys: PendingKey[],
  ): Promise<ChainHead | null> {
    return this.unitOfWork.run(async () => {
      await this.repository.lockMeeting(meetingId);
      const head = await this.repository.head(meetingId);
      const entries = await this.repository.pendingEntries(meetingId, keys);
      let previous = head?.hash ?? GENESIS;
      let position = head?.position ?? 0;
      const links: NewLink[] = entries.map((entry) => {
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
      return position ? { position, hash: previous } : null;
    });
  }

  /**
   * Where a sweep looks for unsealed ballot events (none: at every one of the day). As a seal
   * a second after ballots looks back: what was stamped 5 s before the last sweep began was
   * committed before it, and that sweep saw it; what was stamped 5 s before this node's last
   * complete seal of a meeting was committed before that seal, which sealed it. So a meeting
   * this node is sealing as its ballots come in is looked at over a second or so, not over
   * the 35 s since the last sweep: 630 ms of probes after a 30 s closed loop, where the next
   * burst met them. A ballot held up longer is sealed at its matter's close, which looks at
   * everything (docs/verifiability.md).
   */
  private ballotsWindow(since: Date): BallotsWindow | null {
    if (this.sweptAt === null) return null;
    const from = Math.max(since.getTime(), this.sweptAt - LATE_COMMIT_MS);
    const byMeeting = new Map<string, Date>();
    for (const [meetingId, sealed] of this.sealedBefore)
      if (sealed - LATE_COMMIT_MS > from)
        byMeeting.set(meetingId, new Date(sealed - LATE_COMMIT_MS));
    return { from: new Date(from), byMeeting };
  }

  /**
   * Seals the meetings active in the last day that have entries left unsealed. After its first
   * sweep a node looks for ballot events stamped since 5 s before its last complete sweep,
   * through the matters' index, not at every event of the day: that was a hash of every ballot
   * event and every link, two cores busy for 110 ms every 30 s at 300,000 events
   * (docs/benchmarks-history.md, "A sweep every 30 s"). It seals a meeting it found over the same
   * look-back: sealing everything of a meeting in the middle of its ballots read all of its
   * events, 0.7 s of PostgreSQL a page of keys at 280,000 (docs/benchmarks-history.md, "The sweep's
   * seal").
   */
  private async sweep(): Promise<void> {
    const started = this.clock.nowMs();
    try {
      const since = new Date(started - SWEEP_WINDOW_MS);
      const ballots = this.ballotsWindow(since);
      const meetings = await this.repository.meetingsToSeal(
        since,
        ballots,
        SWEEP_MEETINGS,
      );
      // over the sweep's look-back; `windowOf` narrows it to this node's own seal of the
      // meeting, as `ballotsWindow` did for the look-up, when the seal begins
      for (const meetingId of meetings)
        await this.seal(
          meetingId,
          ballots ? { ballots: ballots.from, audit: since } : 'all',
        );
      if (meetings.length < SWEEP_MEETINGS) this.sweptAt = started;
    } catch (error) {
      this.logger.warn(`chain sweep failed: ${String(error)}`);
    }
  }
}
