import { Injectable } from '@nestjs/common';
import type {
  CheckInCounts,
  CheckInList,
  CheckInRequest,
  CheckInResult,
} from '@livevote/contracts';
import { isMeetingOver } from '@livevote/rules';
import { AuditLogService } from '../audit/audit-log.service';
import { LiveBroadcastService } from '../broadcast/live-broadcast.service';
import { normalizeCheckInCode } from '../common/check-in-code';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import { LivePresenceService } from '../quorum/live-presence.service';
import { CheckInErrorCode, CheckInException } from './check-ins.exception';
import { mapDeskVoter } from './check-ins.mapper';
import { CheckInsRepository, type DeskVoterRow } from './check-ins.repository';

/**
 * The check-in desk (docs/hybrid-meetings.md): a registrar checks voters in by their code, by
 * a pick from the search, or as walk-ins by control number, and out again. A check-in counts
 * toward attendance and the quorum like an online join, and revokes proxies by the same way
 * (LivePresenceService's attendance listener); every chair sees it live (`checkin.updated`).
 */
@Injectable()
export class CheckInsService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly checkIns: CheckInsRepository,
    private readonly presence: LivePresenceService,
    private readonly broadcaster: LiveBroadcastService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
  ) {}

  async list(userId: string, shortCode: string): Promise<CheckInList> {
    const meeting = await this.access.require(userId, shortCode);
    const [rows, counts] = await Promise.all([
      this.checkIns.checkedIn(meeting.id),
      this.checkIns.counts(meeting.id),
    ]);
    return { counts, checkedIn: rows.map((row) => mapDeskVoter(row, meeting)) };
  }

  async checkIn(
    userId: string,
    shortCode: string,
    request: CheckInRequest,
  ): Promise<CheckInResult> {
    const done = await this.unitOfWork.run(async () => {
      const meeting = await this.access.require(userId, shortCode);
      const now = this.clock.now();
      const voter = await this.findVoter(meeting, request, now);
      const already = voter.checkedInAt !== null;
      if (!already) {
        voter.checkedInAt = await this.checkIns.checkIn(voter.id, userId, now);
        await this.audit.record({
          meetingId: meeting.id,
          kind: 'check_in.create',
          actor: { userId },
          subject: {
            type: 'voter',
            key: voter.id,
            label: `${voter.unit} ${voter.name}`,
          },
          changes: {
            by:
              request.code !== undefined
                ? 'code'
                : request.voterKey !== undefined
                  ? 'pick'
                  : 'walk_in',
          },
        });
      }
      return {
        meeting,
        voter,
        already,
        counts: await this.checkIns.counts(meeting.id),
      };
    });
    const { meeting, voter, already, counts } = done;
    let proxiesRevoked = 0;
    if (!already) {
      // a test voter at the desk attends nowhere: no quorum, no proxy revoked (docs/test-voters.md)
      if (!voter.isTestVoter)
        proxiesRevoked = await this.presence.checkedIn(meeting, voter.memberId);
      this.announce(meeting, voter, true, counts);
    }
    return {
      voter: mapDeskVoter(voter, meeting),
      counts,
      alreadyCheckedIn: already,
      proxiesRevoked,
    };
  }

  /** Checks the voter out; the voter's open sockets, if any, keep it present. */
  async checkOut(
    userId: string,
    shortCode: string,
    voterKey: string,
  ): Promise<CheckInResult> {
    const done = await this.unitOfWork.run(async () => {
      const meeting = await this.access.require(userId, shortCode);
      const voter = isUuid(voterKey)
        ? await this.checkIns.byId(meeting.id, voterKey, true)
        : undefined;
      if (!voter) throw new CheckInException(CheckInErrorCode.VoterNotFound);
      const wasIn = voter.checkedInAt !== null;
      if (wasIn) {
        await this.checkIns.checkOut(voter.id);
        voter.checkedInAt = null;
        await this.audit.record({
          meetingId: meeting.id,
          kind: 'check_in.delete',
          actor: { userId },
          subject: {
            type: 'voter',
            key: voter.id,
            label: `${voter.unit} ${voter.name}`,
          },
        });
      }
      return {
        meeting,
        voter,
        wasIn,
        counts: await this.checkIns.counts(meeting.id),
      };
    });
    const { meeting, voter, wasIn, counts } = done;
    if (wasIn) {
      if (!voter.isTestVoter) this.presence.checkedOut(meeting);
      this.announce(meeting, voter, false, counts);
    }
    return {
      voter: mapDeskVoter(voter, meeting),
      counts,
      alreadyCheckedIn: false,
      proxiesRevoked: 0,
    };
  }

  /** The voter the request names, locked; a plain 400 for a code that is not this meeting's. */
  private async findVoter(
    meeting: MeetingRow,
    request: CheckInRequest,
    now: Date,
  ): Promise<DeskVoterRow> {
    if (request.code !== undefined) {
      const code = normalizeCheckInCode(request.code);
      const voter = code ? await this.checkIns.byCode(code, true) : undefined;
      if (!voter || voter.meetingId !== meeting.id)
        throw new CheckInException(CheckInErrorCode.InvalidCode);
      if (isMeetingOver(meeting, now))
        throw new CheckInException(CheckInErrorCode.CodeExpired);
      return voter;
    }
    if (request.voterKey !== undefined) {
      const voter = isUuid(request.voterKey)
        ? await this.checkIns.byId(meeting.id, request.voterKey, true)
        : undefined;
      if (!voter) throw new CheckInException(CheckInErrorCode.VoterNotFound);
      if (isMeetingOver(meeting, now))
        throw new CheckInException(CheckInErrorCode.MeetingOver);
      return voter;
    }
    if (isMeetingOver(meeting, now))
      throw new CheckInException(CheckInErrorCode.MeetingOver);
    // the contract requires all three for a walk-in
    const { controlNumber = '', name = '', email = '' } = request;
    const member = await this.checkIns.memberByControlNumber(
      meeting.id,
      controlNumber,
    );
    if (!member) throw new CheckInException(CheckInErrorCode.MemberNotFound);
    return this.checkIns.walkIn(meeting.id, member.id, { name, email }, now);
  }

  private announce(
    meeting: MeetingRow,
    voter: DeskVoterRow,
    checkedIn: boolean,
    counts: CheckInCounts,
  ): void {
    this.broadcaster.toDesks(meeting.id, 'checkin.updated', {
      shortCode: meeting.shortCode,
      voter: mapDeskVoter(voter, meeting),
      checkedIn,
      counts,
    });
  }
}
