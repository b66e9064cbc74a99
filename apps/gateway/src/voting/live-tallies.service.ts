import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Forecast, MatterTallyEvent } from '@livevote/contracts';
import { LiveBroadcastService } from '../broadcast/live-broadcast.service';
import { MattersService } from '../matters/matters.service';
import { MatterForecastsService } from '../results/matter-forecasts.service';
import { RedisConnection } from '../redis/redis.module';
import { LiveVotingRepository } from './live-voting.repository';
import { MatterDirectoryStore } from './matter-directory.store';
import { SequenceStore } from '../broadcast/sequence.store';
import {
  tallyDelta,
  tallyView,
  turnoutMoved,
  type CastChange,
  type TallyCounters,
} from './tally';
import { TallyStore } from './tally.store';

/** At most one tally event per matter per this many milliseconds, across all nodes. */
export const TALLY_INTERVAL_MS = 250;
/** How long a tally this node changed stays unchanged before it is checked against a recount. */
export const SETTLE_MS = 1000;

/**
 * Running tallies: each committed batch adds its net change to the shared counters, and
 * chairs and screens get the result coalesced to four events a second a matter. A secret
 * ballot's events carry turnout only until it closes (docs/security.md, "The secret ballot").
 *
 * A recount that replaces the tally can race the batches committed while it reads: it can
 * overwrite their increments, or miss none and see them added again. So a second after this
 * node last changed a matter's tally, the tally is checked against a recount, and replaced
 * (and sent) if it differs and nothing changed it meanwhile (docs/architecture.md, "Tallies").
 */
@Injectable()
export class LiveTalliesService implements OnApplicationShutdown {
  private readonly logger = new Logger('Tallies');
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly lastSent = new Map<string, number>();
  private readonly settling = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly store: TallyStore,
    private readonly recounts: LiveVotingRepository,
    private readonly directory: MatterDirectoryStore,
    private readonly matters: MattersService,
    private readonly sequences: SequenceStore,
    private readonly broadcaster: LiveBroadcastService,
    private readonly redis: RedisConnection,
    private readonly forecasts: MatterForecastsService,
  ) {}

  async apply(matterId: string, changes: CastChange[]): Promise<void> {
    // the matter's voting method is fixed once it holds ballots (docs/elections.md)
    const method = changes.length
      ? (await this.directory.get(matterId))?.votingMethod
      : undefined;
    const delta = tallyDelta(changes, method);
    if (delta.size) {
      if (await this.store.apply(matterId, delta)) this.settleLater(matterId);
      else await this.rebuild(matterId);
    }
    // a changed vote moves no turnout: on a secret ballot its event would only say "someone
    // changed their vote just now"
    if (
      turnoutMoved(delta) ||
      !(await this.directory.get(matterId))?.secretBallot
    )
      this.scheduleBroadcast(matterId);
  }

  /** Replaces the running tally with a recount of the stored ballots. */
  async rebuild(matterId: string): Promise<void> {
    const counters = await this.recounts.matterCounters(matterId);
    await this.store.replace(matterId, counters);
    this.settleLater(matterId);
  }

  /** The tally event of a matter now (rebuilt from the ballots when missing). */
  async event(
    matterId: string,
    seq?: number,
  ): Promise<MatterTallyEvent | undefined> {
    const info = await this.directory.get(matterId);
    if (!info) return undefined;
    let counters = await this.store.read(matterId);
    if (!counters) {
      await this.rebuild(matterId);
      counters = (await this.store.read(matterId)) ?? new Map();
    }
    const view = tallyView(info.options, counters);
    // asked after the counters were read, never from a cache: counters read while the matter
    // was open are public; a secret one's rows come from a recount that checks its state
    const rows =
      (await this.matters.isSecretBallot(matterId)) === false
        ? view.rows
        : await this.matters.publishedRows(matterId);
    return {
      shortCode: info.shortCode,
      matterKey: matterId,
      rows: rows ?? [],
      rowsWithheld: rows === undefined,
      votesCast: view.votesCast,
      sharesCast: view.sharesCast,
      eligibleMembers: await this.directory.eligibleMembers(matterId),
      // docs/verdicts.md: from these very figures; none for a secret ballot
      forecast:
        rows === undefined || info.liveStatus !== 'live'
          ? null
          : await this.forecasts.compute(matterId, view),
      seq: seq ?? (await this.sequences.current([matterId])).get(matterId) ?? 0,
    };
  }

  /**
   * The forecast of the tally as it stands (rebuilt from the ballots when missing): a start
   * works it out before announcing itself, so its `matter.state` carries it.
   */
  async forecastNow(matterId: string): Promise<Forecast | null> {
    const info = await this.directory.get(matterId);
    if (!info) return null;
    let counters = await this.store.read(matterId);
    if (!counters) {
      await this.rebuild(matterId);
      counters = (await this.store.read(matterId)) ?? new Map();
    }
    // none for a secret ballot or an election (compute answers null for those)
    return this.forecasts.compute(matterId, tallyView(info.options, counters));
  }

  /** Sends the tally now, bypassing coalescing (on start and close). */
  async broadcastNow(matterId: string): Promise<void> {
    const info = await this.directory.get(matterId);
    const event =
      info && (await this.event(matterId, await this.sequences.next(matterId)));
    if (info && event) {
      this.broadcaster.toStaff(info.meetingId, 'matter.tally', event);
      await this.forecasts.afterTally(
        matterId,
        info.meetingId,
        info.shortCode,
        event.forecast,
      );
    }
    this.lastSent.set(matterId, Date.now());
  }

  /** The final tally of a closed matter: a recount of its ballots, sent to chairs and screens. */
  async broadcastFinal(matterId: string): Promise<void> {
    await this.rebuild(matterId);
    await this.broadcastNow(matterId);
  }

  onApplicationShutdown(): void {
    this.closed = true;
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    for (const timer of this.settling.values()) clearTimeout(timer);
    this.settling.clear();
  }

  /** Checks the tally against a recount once this node has left it alone for SETTLE_MS. */
  private settleLater(matterId: string): void {
    if (this.closed) return;
    clearTimeout(this.settling.get(matterId));
    const timer = setTimeout(() => void this.settle(matterId), SETTLE_MS);
    timer.unref();
    this.settling.set(matterId, timer);
  }

  /**
   * Replaces the tally with a recount when they differ, unless the tally changed while the
   * recount read (then whoever changed it settles it in turn).
   */
  private async settle(matterId: string): Promise<void> {
    this.settling.delete(matterId);
    try {
      const version = await this.store.version(matterId);
      if (!version) return;
      const counters = await this.recounts.matterCounters(matterId);
      const current = await this.store.read(matterId);
      if (current && sameCounters(current, counters)) return;
      if (await this.store.replaceIf(matterId, counters, version)) {
        this.logger.warn(`tally of matter ${matterId} corrected by a recount`);
        this.scheduleBroadcast(matterId);
      }
    } catch (error) {
      this.logger.warn(`tally check of ${matterId} failed: ${String(error)}`);
    }
  }

  private scheduleBroadcast(matterId: string): void {
    if (this.pending.has(matterId) || this.closed) return;
    const wait = Math.max(
      0,
      (this.lastSent.get(matterId) ?? 0) + TALLY_INTERVAL_MS - Date.now(),
    );
    this.pending.set(
      matterId,
      setTimeout(() => void this.coalescedBroadcast(matterId), wait),
    );
  }

  private async coalescedBroadcast(matterId: string): Promise<void> {
    this.pending.delete(matterId);
    try {
      const slot = await this.claimSlot(matterId);
      if (slot > 0) {
        // another node sent one moments ago: send ours when its slot ends
        this.lastSent.set(matterId, Date.now() - TALLY_INTERVAL_MS + slot);
        this.scheduleBroadcast(matterId);
        return;
      }
      await this.broadcastNow(matterId);
    } catch (error) {
      this.logger.warn(
        `tally broadcast of ${matterId} failed: ${String(error)}`,
      );
    }
  }

  /** 0 when this node may send now; otherwise milliseconds until the shared slot frees. */
  private async claimSlot(matterId: string): Promise<number> {
    const client = this.redis.client;
    if (!client) return 0;
    const key = this.redis.key('tally-slot', matterId);
    const won = await client.set(key, '1', 'PX', TALLY_INTERVAL_MS, 'NX');
    if (won === 'OK') return 0;
    return Math.max(1, await client.pttl(key));
  }
}

/** The same counts, a field missing on one side counting as 0. */
function sameCounters(a: TallyCounters, b: TallyCounters): boolean {
  for (const field of new Set([...a.keys(), ...b.keys()]))
    if ((a.get(field) ?? 0) !== (b.get(field) ?? 0)) return false;
  return true;
}
