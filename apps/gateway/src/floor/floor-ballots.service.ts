import { Injectable } from '@nestjs/common';
import type {
  BallotReceipt,
  FloorBallotRequest,
  FloorBallotResponse,
  PendingFloorBallot,
} from '@livevote/contracts';
import {
  ballotTiming,
  isEligible,
  managerBallotAdmission,
  type BallotMarks,
} from '@livevote/rules';
import { AuditLogService } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { LivePresenceService } from '../quorum/live-presence.service';
import { BallotIntakeService } from '../ballots/ballot-intake.service';
import {
  TIMING_CODES,
  VotingErrorCode,
  VotingException,
} from '../voting/voting.exception';
import { FloorErrorCode, FloorException } from './floor-ballots.exception';
import {
  isLapsed,
  mapPendingSheets,
  type MatterOpening,
} from './floor-ballots.mapper';
import { FloorBallotsRepository } from './floor-ballots.repository';
import { sameMarks } from '../ballots/ballot-marks';

type Outcome =
  | { status: 'counted'; receipt: BallotReceipt }
  | { status: 'pending' | 'mismatch' };

/**
 * Floor ballots: a clerk types a present member's paper sheet for a live matter
 * (docs/hybrid-meetings.md, "Floor ballots"). Each is one transaction that hands the ballot to
 * BallotIntakeService, which writes it with the same statement as every ballot (eligibility,
 * precedence, the audit row) and brings the tallies up to date after the commit. In
 * double-entry mode a sheet waits until a second manager enters it alike.
 */
@Injectable()
export class FloorBallotsService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly intake: BallotIntakeService,
    private readonly floor: FloorBallotsRepository,
    private readonly presence: LivePresenceService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
  ) {}

  async record(
    userId: string,
    shortCode: string,
    matterKey: string,
    request: FloorBallotRequest,
  ): Promise<FloorBallotResponse> {
    const meeting = await this.access.require(userId, shortCode);
    const { matter, marks } = await this.intake.checkBallot(
      meeting.id,
      matterKey,
      request,
    );
    if (!isUuid(request.memberKey))
      throw new FloorException(FloorErrorCode.MemberNotFound);
    const { outcome, unit, opening } = await this.unitOfWork.run(async () => {
      const now = this.clock.now();
      const state = await this.floor.matterForShare(meeting.id, matter.id);
      if (!state) throw new VotingException(VotingErrorCode.MatterNotFound);
      const member = await this.floor.memberForEntry(
        meeting.id,
        request.memberKey,
      );
      if (!member) throw new FloorException(FloorErrorCode.MemberNotFound);
      const { refused } = ballotTiming('floor', state, meeting, now);
      if (refused) throw new VotingException(TIMING_CODES[refused]);
      if (!isEligible(member, state))
        throw new VotingException(VotingErrorCode.NotEligible);
      const admission = managerBallotAdmission(
        { route: 'floor', entry: request.entry },
        {
          present: await this.presence.isPresent(meeting.id, member.id),
          doubleEntry: meeting.floorDoubleEntry,
        },
      );
      if (admission === 'member_absent')
        throw new FloorException(FloorErrorCode.MemberAbsent);
      if (admission === 'not_double_entry')
        throw new FloorException(FloorErrorCode.NotDoubleEntry);
      const outcome =
        admission === 'count'
          ? await this.count(userId, matter.id, member.id, marks, now)
          : await this.enter(
              userId,
              meeting.id,
              state,
              member.id,
              request.entry,
              marks,
              now,
            );
      // who typed which sheet, never the choices: the matter may be a secret ballot
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'floor.ballot',
        actor: { userId },
        subject: { type: 'member', key: member.id, label: member.unit },
        changes: {
          matterKey: matter.id,
          entry: request.entry,
          status: outcome.status,
        },
      });
      return { outcome, unit: member.unit, opening: state };
    });
    const base = { matterKey: matter.id, memberKey: request.memberKey, unit };
    if (outcome.status === 'counted') {
      const { ballotId, castAt, receipt } = outcome.receipt;
      return {
        ...base,
        status: 'counted',
        ballotId,
        castAt,
        receipt,
        pending: null,
      };
    }
    const [sheet] = mapPendingSheets(
      await this.floor.pendingOfMatter(matter.id, request.memberKey),
      opening,
    );
    return {
      ...base,
      status: outcome.status,
      ballotId: null,
      castAt: null,
      receipt: null,
      pending: sheet ?? null,
    };
  }

  /** The sheets waiting in double-entry mode on a matter: pending, mismatched or lapsed. */
  async pending(
    userId: string,
    shortCode: string,
    matterKey: string,
  ): Promise<PendingFloorBallot[]> {
    const meeting = await this.access.require(userId, shortCode);
    const matter = isUuid(matterKey)
      ? await this.floor.matterForShare(meeting.id, matterKey)
      : undefined;
    if (!matter) throw new VotingException(VotingErrorCode.MatterNotFound);
    return mapPendingSheets(
      await this.floor.pendingOfMatter(matter.id),
      matter,
    );
  }

  /** Discards a pending entry (a mismatch resolved by typing it again, or dropped). */
  async discard(
    userId: string,
    shortCode: string,
    matterKey: string,
    entryKey: string,
  ): Promise<void> {
    const meeting = await this.access.require(userId, shortCode);
    await this.unitOfWork.run(async () => {
      const matter = isUuid(matterKey)
        ? await this.floor.matterForShare(meeting.id, matterKey)
        : undefined;
      if (!matter) throw new VotingException(VotingErrorCode.MatterNotFound);
      const row = isUuid(entryKey)
        ? await this.floor.pendingEntry(matter.id, entryKey)
        : undefined;
      if (!row) throw new FloorException(FloorErrorCode.EntryNotFound);
      await this.floor.resolve([row.id], {
        status: 'discarded',
        resolvedAt: this.clock.now(),
        resolvedBy: userId,
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'floor.ballot',
        actor: { userId },
        subject: { type: 'floor_entry', key: row.id },
        changes: { matterKey: matter.id, status: 'discarded' },
      });
    });
  }

  /**
   * Double entry: the entry waits in its slot (replacing one typed there before) until the
   * other slot, typed by another manager, holds the same choices; then the ballot counts once.
   */
  private async enter(
    userId: string,
    meetingId: string,
    matter: { id: string } & MatterOpening,
    memberId: string,
    entry: 1 | 2,
    marks: BallotMarks,
    now: Date,
  ): Promise<Outcome> {
    const standing = await this.floor.pending(matter.id, memberId);
    const lapsed = standing.filter((row) => isLapsed(row, matter));
    const current = standing.filter((row) => !isLapsed(row, matter));
    const other = current.find((row) => row.entry !== entry);
    const same = current.find((row) => row.entry === entry);
    if (other && other.recordedBy === userId)
      throw new FloorException(FloorErrorCode.SameClerk);
    await this.floor.resolve(
      lapsed.map((row) => row.id),
      { status: 'lapsed', resolvedAt: now, resolvedBy: userId },
    );
    if (same)
      await this.floor.resolve([same.id], {
        status: 'replaced',
        resolvedAt: now,
        resolvedBy: userId,
      });
    if (
      other &&
      sameMarks(
        matter.votingMethod,
        { choices: other.choices, votes: other.votes ?? null },
        marks,
      )
    ) {
      const counted = await this.count(userId, matter.id, memberId, marks, now);
      const resolved = {
        status: 'counted' as const,
        resolvedAt: now,
        resolvedBy: userId,
        ballotId: counted.receipt.ballotId,
      };
      await this.floor.insert({
        meetingId,
        matterId: matter.id,
        memberId,
        generation: matter.liveGeneration,
        entry,
        choices: marks.choices,
        votes: marks.votes,
        recordedBy: userId,
        ...resolved,
      });
      await this.floor.resolve([other.id], resolved);
      return counted;
    }
    await this.floor.insert({
      meetingId,
      matterId: matter.id,
      memberId,
      generation: matter.liveGeneration,
      entry,
      choices: marks.choices,
      votes: marks.votes,
      recordedBy: userId,
      status: 'pending',
    });
    return { status: other ? 'mismatch' : 'pending' };
  }

  /** The member's floor ballot counts now: written by the intake, in this transaction. */
  private async count(
    userId: string,
    matterId: string,
    memberId: string,
    marks: BallotMarks,
    now: Date,
  ): Promise<Outcome & { status: 'counted' }> {
    const receipt = await this.intake.submit({
      kind: 'floor',
      userId,
      matterId,
      memberId,
      marks,
      at: now,
    });
    return { status: 'counted', receipt };
  }
}
