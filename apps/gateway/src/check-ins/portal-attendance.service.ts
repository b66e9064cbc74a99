import { Injectable } from '@nestjs/common';
import type {
  PortalCheckInCode,
  PortalRsvp,
  RsvpAnswer,
} from '@livevote/contracts';
import { isRsvpOpen, rsvpClosesAt } from '@livevote/rules';
import { checkInQrSvg, formatCheckInCode } from '../common/check-in-code';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import type { VoterPrincipal } from '../identity/voter-principal';
import { CheckInErrorCode, CheckInException } from './check-ins.exception';
import { mapRsvp } from './check-ins.mapper';
import { CheckInsRepository, type DeskVoterRow } from './check-ins.repository';

/** A voter's own attendance in the portal: the RSVP before the meeting, the code for the door. */
@Injectable()
export class PortalAttendanceService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly checkIns: CheckInsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async rsvp(voter: VoterPrincipal, shortCode: string): Promise<PortalRsvp> {
    const { meeting, row } = await this.own(voter, shortCode, false);
    return this.mapRsvp(meeting, row);
  }

  /** Records the answer until the meeting starts; then 409 `rsvp_closed`. */
  setRsvp(
    voter: VoterPrincipal,
    shortCode: string,
    answer: RsvpAnswer,
  ): Promise<PortalRsvp> {
    return this.unitOfWork.run(async () => {
      const { meeting, row } = await this.own(voter, shortCode, true);
      const now = this.clock.now();
      if (!isRsvpOpen(meeting, now))
        throw new CheckInException(CheckInErrorCode.RsvpClosed);
      await this.checkIns.setRsvp(row.id, answer, now);
      return this.mapRsvp(meeting, { ...row, rsvp: answer, rsvpAt: now });
    });
  }

  async checkInCode(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<PortalCheckInCode> {
    const { row } = await this.own(voter, shortCode, false);
    return {
      code: formatCheckInCode(row.checkInCode),
      qrSvg: await checkInQrSvg(row.checkInCode),
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
    };
  }

  private mapRsvp(meeting: MeetingRow, row: DeskVoterRow): PortalRsvp {
    return mapRsvp(
      row,
      rsvpClosesAt(meeting),
      isRsvpOpen(meeting, this.clock.now()),
    );
  }

  /** The voter in its own meeting; any other meeting is a 404. */
  private async own(
    voter: VoterPrincipal,
    shortCode: string,
    lock: boolean,
  ): Promise<{ meeting: MeetingRow; row: DeskVoterRow }> {
    const meeting = await this.access.byShortCode(shortCode);
    const row =
      meeting?.id === voter.meetingId
        ? await this.checkIns.byId(meeting.id, voter.voterId, lock)
        : undefined;
    if (!meeting || !row)
      throw new CheckInException(CheckInErrorCode.MeetingNotFound);
    return { meeting, row };
  }
}
