import {
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import type {
  BallotReceipt,
  MatterActionRequest,
  MatterStateEvent,
  RecordBallotRequest,
} from '@livevote/contracts';
import { closeSnapshot, type CloseReason } from '@livevote/rules';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { LiveBroadcaster } from '../live/live-broadcaster';
import { PresenceTracker } from '../live/presence-tracker';
import { MeetingAccess } from '../meetings/meeting-access';
import { MatterForecasts } from '../results/matter-forecasts';
import { MatterResults } from '../results/matter-results';
import { BallotIngest } from './ballot-ingest';
import { BallotsInFlight } from './ballots-in-flight';
import { DeadlineScheduler } from './deadline-scheduler';
import { LiveTallies } from './live-tallies';
import {
  LiveVotingRepository,
  type LiveMatterRow,
} from './live-voting.repository';
import { MatterDirectory } from './matter-directory';
import { SequenceStore } from './sequence';
import type { CastChange } from './tally';
import { VotingErrorCode, VotingException } from './voting.exception';

export const DEFAULT_DURATION_S = 360;
const SWEEP_MS = 5000;
const SWEEP_GRACE_MS = 1000;

/** A voter signed in to the portal: the member they vote for and its meeting. */
export interface VoterPrincipal {
  voterId: string;
  memberId: string;
  meetingId: string;
}

/**
 * The live state machine of a matter (pending -> live -> closed, start on closed reopens),
 * its deadline, and the entry points for ballots.
 */
@Injectable()
export class LiveVotingService
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('LiveVoting');
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly repository: LiveVotingRepository,
    private readonly access: MeetingAccess,
    private readonly scheduler: DeadlineScheduler,
    private readonly ingest: BallotIngest,
    private readonly inFlight: BallotsInFlight,
    private readonly tallies: LiveTallies,
    private readonly directory: MatterDirectory,
    private readonly sequences: SequenceStore,
    private readonly broadcaster: LiveBroadcaster,
    private readonly presence: PresenceTracker,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    // results (docs/verdicts.md): start rules, forecasts and the verdict at close
    private readonly results: MatterResults,
    private readonly forecasts: MatterForecasts,
  ) {
    scheduler.onDeadline((deadline) =>
      this.onDeadline(deadline.matterId, deadline.generation),
    );
    scheduler.onRestored(() => this.reconcile());
    ingest.setAcceptedHandler((matterId, changes, recount) =>
      this.afterBallots(matterId, changes, recount),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.reconcile();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  async action(
    userId: string,
    shortCode: string,
    matterKey: string,
    request: MatterActionRequest,
  ): Promise<void> {
    const { before, after } = await this.unitOfWork.run(async () => {
      const meeting = await this.access.require(userId, shortCode);
      const matter = isUuid(matterKey)
        ? await this.repository.lock(meeting.id, matterKey)
        : undefined;
      if (!matter) throw new VotingException(VotingErrorCode.MatterNotFound);
      const after = await this.transition(matter, request);
      if (request.action === 'start')
        await this.results.onStart(
          meeting,
          after.id,
          userId,
          request.overrideQuorum === true,
        );
      if (after.liveStatus === 'closed') await this.recordClose(after, 'stop');
      return { before: matter, after };
    });
    this.directory.invalidate(after.id);
    await this.publishState(after, shortCode);
    if (request.action === 'start') await this.tallies.rebuild(after.id);
    if (after.liveStatus === 'live' && after.liveEndsAt) {
      await this.scheduler.schedule({
        matterId: after.id,
        generation: after.liveGeneration,
        at: after.liveEndsAt,
      });
    }
    if (before.liveStatus === 'live')
      await this.scheduler
        .cancel(before.id, before.liveGeneration)
        .catch(() => undefined);
    if (after.liveStatus === 'closed') await this.finalTally(after);
    else await this.tallies.broadcastNow(after.id);
  }

  /**
   * Refuses ballots that cannot be right whatever the state, before they reach a batch, and
   * the excess of a member (or socket) that already has ballots on their way.
   */
  async castAsVoter(
    voter: VoterPrincipal,
    matterKey: string,
    choices: string[],
    idempotencyKey: string | null,
    socketId?: string,
  ): Promise<BallotReceipt> {
    const release = this.inFlight.acquire(voter.memberId, socketId);
    try {
      await this.checkChoices(voter.meetingId, matterKey, choices);
      return await this.ingest.submit({
        matterId: matterKey,
        memberId: voter.memberId,
        voterId: voter.voterId,
        recordedBy: null,
        kind: 'voter',
        choices,
        idempotencyKey,
      });
    } finally {
      release();
    }
  }

  async recordByManager(
    userId: string,
    shortCode: string,
    matterKey: string,
    request: RecordBallotRequest,
    idempotencyKey: string | null,
  ): Promise<BallotReceipt> {
    const meeting = await this.access.require(userId, shortCode);
    await this.checkChoices(meeting.id, matterKey, request.choices);
    if (!isUuid(request.memberKey))
      throw new VotingException(VotingErrorCode.MemberNotFound);
    return this.ingest.submit({
      matterId: matterKey,
      memberId: request.memberKey,
      voterId: null,
      recordedBy: userId,
      kind: request.method,
      choices: request.choices,
      idempotencyKey,
    });
  }

  stateEvent(
    matter: LiveMatterRow,
    shortCode: string,
    seq: number,
  ): MatterStateEvent {
    return {
      shortCode,
      matterKey: matter.id,
      liveStatus: matter.liveStatus,
      liveStartedAt: matter.liveStartedAt?.toISOString() ?? null,
      liveEndsAt: matter.liveEndsAt?.toISOString() ?? null,
      liveClosedAt: matter.liveClosedAt?.toISOString() ?? null,
      forecast: null,
      serverTime: this.clock.now().toISOString(),
      seq,
    };
  }

  private async checkChoices(
    meetingId: string,
    matterKey: string,
    choices: string[],
  ): Promise<void> {
    const matter = isUuid(matterKey)
      ? await this.directory.inMeeting(meetingId, matterKey)
      : undefined;
    if (!matter) throw new VotingException(VotingErrorCode.MatterNotFound);
    if (new Set(choices).size !== choices.length)
      throw new VotingException(VotingErrorCode.DuplicateChoice);
    if (choices.some((choice) => !matter.options.includes(choice))) {
      throw new VotingException(VotingErrorCode.InvalidChoice);
    }
    if (choices.length > matter.choices)
      throw new VotingException(VotingErrorCode.TooManyChoices);
  }

  private async transition(
    matter: LiveMatterRow,
    request: MatterActionRequest,
  ): Promise<LiveMatterRow> {
    const now = this.clock.now();
    const seconds = request.duration ?? DEFAULT_DURATION_S;
    const runningUntil =
      matter.liveStatus === 'live' &&
      matter.liveEndsAt &&
      matter.liveEndsAt > now;
    switch (request.action) {
      case 'start':
        if (matter.liveStatus === 'live')
          throw new VotingException(VotingErrorCode.NotStartable);
        return this.repository.setLiveState(
          matter.id,
          {
            liveStatus: 'live',
            liveStartedAt: now,
            liveEndsAt: new Date(now.getTime() + seconds * 1000),
            liveClosedAt: null,
          },
          now,
        );
      case 'extend':
        if (!runningUntil) throw new VotingException(VotingErrorCode.NotLive);
        return this.repository.setLiveState(
          matter.id,
          {
            liveStatus: 'live',
            liveEndsAt: new Date(matter.liveEndsAt!.getTime() + seconds * 1000),
          },
          now,
        );
      case 'stop':
        if (matter.liveStatus !== 'live')
          throw new VotingException(VotingErrorCode.NotLive);
        return this.repository.setLiveState(
          matter.id,
          {
            liveStatus: 'closed',
            liveClosedAt: runningUntil ? now : matter.liveEndsAt,
          },
          now,
        );
    }
  }

  private async onDeadline(
    matterId: string,
    generation: number,
  ): Promise<void> {
    const info = await this.directory.get(matterId);
    // a deadline job fires a little early (DEADLINE_LEAD_MS): a timer here is more punctual than
    // the queue's pickup; again if it fired early by the event loop's clock, or the close would not
    const endsAt =
      info?.liveGeneration === generation
        ? info.liveEndsAt?.getTime()
        : undefined;
    const present = info
      ? this.presence
          .count(info.meetingId)
          .catch(() => ({ numUnits: 0, numVoters: 0 }))
      : Promise.resolve({ numUnits: 0, numVoters: 0 });
    for (let tries = 0; endsAt !== undefined && tries < 3; tries++) {
      const early = endsAt - this.clock.nowMs();
      if (early <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, early));
    }
    const closed = await this.repository.closeAtDeadline(
      matterId,
      generation,
      this.clock.now(),
      await present,
    );
    if (!closed) return;
    this.directory.invalidate(matterId);
    const shortCode =
      info?.shortCode ?? (await this.directory.get(matterId))?.shortCode ?? '';
    await this.publishState(closed, shortCode);
    await this.finalTally(closed);
  }

  private async afterBallots(
    matterId: string,
    changes: CastChange[],
    recount: boolean,
  ): Promise<void> {
    // a recount already holds this batch's changes
    if (recount) await this.tallies.rebuild(matterId);
    await this.tallies.apply(matterId, recount ? [] : changes);
    const info = await this.directory.get(matterId);
    if (!info?.autoCloseWhenAllVoted || info.liveStatus !== 'live') return;
    const [{ votes }, eligible] = await Promise.all([
      this.repository.votesCast(matterId),
      this.directory.eligibleMembers(matterId),
    ]);
    if (eligible > 0 && votes >= eligible)
      await this.closeNow(info.id, info.liveGeneration, info.shortCode);
  }

  private async closeNow(
    matterId: string,
    generation: number,
    shortCode: string,
  ): Promise<void> {
    const closed = await this.unitOfWork.run(async () => {
      const meetingId = (await this.directory.get(matterId))?.meetingId;
      const matter = meetingId
        ? await this.repository.lock(meetingId, matterId)
        : undefined;
      if (
        !matter ||
        matter.liveStatus !== 'live' ||
        matter.liveGeneration !== generation
      )
        return undefined;
      const row = await this.repository.setLiveState(
        matterId,
        { liveStatus: 'closed', liveClosedAt: this.clock.now() },
        this.clock.now(),
      );
      await this.recordClose(row, 'all_voted');
      return row;
    });
    if (!closed) return;
    this.directory.invalidate(matterId);
    await this.scheduler.cancel(matterId, generation).catch(() => undefined);
    await this.publishState(closed, shortCode);
    await this.finalTally(closed);
  }

  /** The record kept with a closed matter, written in the transaction that closes it. */
  private async recordClose(
    matter: LiveMatterRow,
    reason: CloseReason,
  ): Promise<void> {
    const [cast, eligibleMembers, present] = await Promise.all([
      this.repository.votesCast(matter.id),
      this.directory.eligibleMembers(matter.id),
      this.presence.count(matter.meetingId),
    ]);
    await this.repository.saveSnapshot(
      matter.id,
      closeSnapshot({
        reason,
        closedAt: matter.liveClosedAt,
        eligibleMembers,
        present,
        cast,
      }),
    );
  }

  /** The final tally of a closed matter: a recount of its ballots, sent to chairs and screens. */
  private async finalTally(matter: LiveMatterRow): Promise<void> {
    await this.tallies.rebuild(matter.id);
    await this.tallies.broadcastNow(matter.id);
    await this.results.afterClose(matter.id);
  }

  private async publishState(
    matter: LiveMatterRow,
    shortCode: string,
  ): Promise<void> {
    const seq = await this.sequences.next(matter.id);
    this.broadcaster.toMeeting(matter.meetingId, 'matter.state', {
      ...this.stateEvent(matter, shortCode, seq),
      forecast: await this.forecasts.forState(matter),
    });
  }

  /** On start: close what is overdue, re-arm every other live matter's deadline. */
  private async reconcile(): Promise<void> {
    const live = await this.repository.liveMatters();
    for (const matter of live) {
      if (!matter.liveEndsAt) continue;
      if (matter.liveEndsAt.getTime() <= this.clock.nowMs()) {
        await this.onDeadline(matter.id, matter.liveGeneration).catch(
          (error: unknown) =>
            this.logger.error(
              `closing overdue matter ${matter.id} failed: ${String(error)}`,
            ),
        );
      } else {
        await this.scheduler.schedule({
          matterId: matter.id,
          generation: matter.liveGeneration,
          at: matter.liveEndsAt,
        });
      }
    }
    if (live.length)
      this.logger.log(`reconciled ${live.length} live matter(s)`);
  }

  /** A safety net under the scheduler: overdue live matters close even if a timer was lost. */
  private async sweep(): Promise<void> {
    try {
      const overdue = (await this.repository.liveMatters()).filter(
        (matter) =>
          matter.liveEndsAt &&
          matter.liveEndsAt.getTime() <= this.clock.nowMs() - SWEEP_GRACE_MS,
      );
      for (const matter of overdue)
        await this.onDeadline(matter.id, matter.liveGeneration);
    } catch (error) {
      this.logger.warn(`deadline sweep failed: ${String(error)}`);
    }
  }
}
