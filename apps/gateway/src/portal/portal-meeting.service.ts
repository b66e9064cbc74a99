import { Injectable } from '@nestjs/common';
import type {
  BallotReceipt,
  CastBallotRequest,
  OwnBallot,
  OwnBallots,
  PortalMeeting,
  PortalVoter,
  PortalVoterUpdate,
} from '@livevote/contracts';
import { Clock } from '../common/clock';
import { portalLanguage, type PortalReader } from '../common/reader-language';
import { isUuid } from '../common/ids';
import { MattersRepository } from '../matters/matters.repository';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { BallotIntakeService } from '../ballots/ballot-intake.service';
import { BallotsRepository } from '../ballots/ballots.repository';
import type { VoterPrincipal } from '../identity/voter-principal';
import { MatterDirectoryStore } from '../voting/matter-directory.store';
import { SequenceStore } from '../broadcast/sequence.store';
import { VoterSessionRegistry } from '../revocation/voter-session.registry';
import { PortalErrorCode, PortalException } from './portal.exception';
import {
  mapOwnBallot,
  mapPortalMeeting,
  mapPortalVoter,
} from './portal.mapper';
import { MatterForecastsService } from '../results/matter-forecasts.service';
import { PortalRepository, type PortalMeetingRow } from './portal.repository';

/** A signed-in voter in their own meeting: its matters, their member's ballots, casting. */
@Injectable()
export class PortalMeetingService {
  constructor(
    private readonly portal: PortalRepository,
    private readonly meetings: MeetingAccessService,
    private readonly matters: MattersRepository,
    private readonly sequences: SequenceStore,
    private readonly directory: MatterDirectoryStore,
    private readonly ballots: BallotsRepository,
    private readonly intake: BallotIntakeService,
    private readonly forecasts: MatterForecastsService,
    private readonly clock: Clock,
    private readonly sessions: VoterSessionRegistry,
  ) {}

  async meeting(
    voter: VoterPrincipal,
    shortCode: string,
    reader: PortalReader,
  ): Promise<PortalMeeting> {
    const meeting = await this.requireOwnMeeting(voter, shortCode);
    const [matterRows, found] = await Promise.all([
      this.matters.listForMeeting(meeting.id),
      this.portal.voterWithMember(voter.voterId, meeting.id),
    ]);
    const seqs = await this.sequences.current(
      matterRows.map((matter) => matter.id),
    );
    const forecasts = await this.forecasts.current(matterRows);
    return mapPortalMeeting(
      meeting,
      matterRows,
      seqs,
      found?.member,
      forecasts,
      // the voter's own language as stored now, else the browser's, else the meeting's
      portalLanguage(reader, meeting, found?.voter.language ?? null),
    );
  }

  async ownBallot(
    voter: VoterPrincipal,
    shortCode: string,
    matterKey: string,
  ): Promise<OwnBallot> {
    const meeting = await this.requireOwnMeeting(voter, shortCode);
    const matter = isUuid(matterKey)
      ? await this.directory.inMeeting(meeting.id, matterKey)
      : undefined;
    const ballot = matter
      ? await this.ballots.ownBallot(matter.id, voter)
      : undefined;
    if (!ballot) throw new PortalException(PortalErrorCode.BallotNotFound);
    return mapOwnBallot(ballot);
  }

  async ownBallots(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<OwnBallots> {
    await this.requireOwnMeeting(voter, shortCode);
    const rows = await this.ballots.ownBallots(voter);
    return { ballots: rows.map(mapOwnBallot) };
  }

  async cast(
    voter: VoterPrincipal,
    shortCode: string,
    matterKey: string,
    body: CastBallotRequest,
    idempotencyKey: string | null,
  ): Promise<BallotReceipt> {
    await this.requireOwnMeeting(voter, shortCode);
    return this.intake.submit({
      kind: 'voter',
      voter,
      matterKey,
      body,
      idempotencyKey,
    });
  }

  /** The voter's own settings: their language (docs/i18n.md). */
  async updateVoter(
    voter: VoterPrincipal,
    shortCode: string,
    update: PortalVoterUpdate,
    reader: PortalReader,
  ): Promise<PortalVoter> {
    const meeting = await this.requireOwnMeeting(voter, shortCode);
    const set = await this.portal.setVoterLanguage(
      voter.voterId,
      meeting.id,
      update.language,
      this.clock.now(),
    );
    if (!set) throw new PortalException(PortalErrorCode.MeetingNotFound);
    // the same language again writes nothing and tells no node (a loop of these costs a read)
    if (set.changed)
      await this.sessions.languageChanged(voter.voterId, set.row.language);
    return mapPortalVoter(
      set.row,
      portalLanguage(reader, meeting, set.row.language),
    );
  }

  /** The voter's own meeting; any other is a 404. */
  private async requireOwnMeeting(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<PortalMeetingRow> {
    const meeting = await this.meetings.byShortCode(shortCode);
    if (!meeting || meeting.id !== voter.meetingId)
      throw new PortalException(PortalErrorCode.MeetingNotFound);
    return meeting;
  }
}
