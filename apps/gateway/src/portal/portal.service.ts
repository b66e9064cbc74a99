import { Injectable } from '@nestjs/common';
import type {
  BallotReceipt,
  OwnBallot,
  PortalMeeting,
  PortalRegisterRequest,
  PortalSessionResponse,
} from '@livevote/contracts';
import { isEligible, meetingEndsAt } from '@livevote/rules';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { LiveTokens } from '../live/live-tokens';
import { InviteTokens } from '../members/invite-tokens';
import { RedisConnection } from '../redis/redis.module';
import { voterSessionVersion } from '../sessions/voter-sessions';
import { BallotsRepository } from '../voting/ballots.repository';
import {
  LiveVotingService,
  type VoterPrincipal,
} from '../voting/live-voting.service';
import { MatterDirectory } from '../voting/matter-directory';
import { SequenceStore } from '../voting/sequence';
import { mapLiveMatter } from '../live/live.mapper';
import { MattersRepository } from '../matters/matters.repository';
import { LiveRepository } from '../live/live.repository';
import { PortalErrorCode, PortalException } from './portal.exception';
import { PortalRepository, type PortalMeetingRow } from './portal.repository';
import { MatterForecasts } from '../results/matter-forecasts';

const HOUR_MS = 3_600_000;
const REGISTRATIONS_PER_MINUTE = 20;

/** The voter portal: sessions, the meeting as a voter sees it, and the voter's own ballots. */
@Injectable()
export class PortalService {
  private readonly registrations: RateLimiterAbstract;

  constructor(
    private readonly portal: PortalRepository,
    private readonly live: LiveRepository,
    private readonly matters: MattersRepository,
    private readonly invites: InviteTokens,
    private readonly tokens: LiveTokens,
    private readonly voting: LiveVotingService,
    private readonly ballots: BallotsRepository,
    private readonly directory: MatterDirectory,
    private readonly sequences: SequenceStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    redis: RedisConnection,
    private readonly forecasts: MatterForecasts,
  ) {
    this.registrations = redis.client
      ? new RateLimiterRedis({
          storeClient: redis.client,
          keyPrefix: redis.key('ratelimit', 'portal-register'),
          points: REGISTRATIONS_PER_MINUTE,
          duration: 60,
        })
      : new RateLimiterMemory({
          keyPrefix: 'portal-register',
          points: REGISTRATIONS_PER_MINUTE,
          duration: 60,
        });
  }

  async session(
    shortCode: string,
    inviteToken: string,
  ): Promise<PortalSessionResponse> {
    const meeting = await this.requireMeeting(shortCode);
    const invite = this.invites.verifyBound(inviteToken);
    if (!invite || invite.meetingId !== meeting.id)
      throw new PortalException(PortalErrorCode.InvalidInvite);
    const found = await this.portal.voterWithMember(invite.voterId, meeting.id);
    if (!found) throw new PortalException(PortalErrorCode.InvalidInvite);
    // the link went to the voter's e-mail of then: another person's now
    if (
      invite.version !== null &&
      invite.version !== voterSessionVersion(found.voter.id, found.voter.email)
    )
      throw new PortalException(PortalErrorCode.InvalidInvite);
    return this.sessionFor(meeting, found.voter, found.member);
  }

  /** Self-registration with the member's control number; the same e-mail gets the same voter. */
  async register(
    shortCode: string,
    request: PortalRegisterRequest,
    clientIp: string,
  ): Promise<PortalSessionResponse> {
    try {
      await this.registrations.consume(clientIp);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const retryAfter = String(
          Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        );
        throw new PortalException(PortalErrorCode.RateLimited, {
          'Retry-After': retryAfter,
        });
      }
      throw rejection;
    }
    const meeting = await this.requireMeeting(shortCode);
    const { voter, member } = await this.unitOfWork.run(async () => {
      const member = await this.portal.memberByControlNumber(
        meeting.id,
        request.controlNumber,
      );
      if (!member)
        throw new PortalException(PortalErrorCode.InvalidControlNumber);
      const now = this.clock.now();
      const voter =
        (await this.portal.voterOfMember(member.id, request.email)) ??
        (await this.portal.createVoter({
          memberId: member.id,
          meetingId: meeting.id,
          name: request.name,
          email: request.email,
          createdAt: now,
          updatedAt: now,
        }));
      return { voter, member };
    });
    return this.sessionFor(meeting, voter, member);
  }

  async meeting(
    voter: VoterPrincipal,
    shortCode: string,
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
    return {
      key: meeting.id,
      shortCode: meeting.shortCode,
      name: meeting.name,
      description: meeting.description,
      meetingDate: meeting.meetingDate.toISOString(),
      meetingTimezone: meeting.meetingTimezone,
      duration: meeting.duration,
      location: meeting.location,
      expiryDate: meeting.expiryDate?.toISOString() ?? null,
      matters: matterRows.map((matter) => ({
        // results once published (docs/verdicts.md, "What voters see")
        ...mapLiveMatter(
          matter,
          seqs.get(matter.id) ?? 0,
          'public',
          forecasts.get(matter.id),
        ),
        allowProxyVote: matter.allowProxyVote,
        eligible: found ? isEligible(found.member, matter) : false,
      })),
    };
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
      ? await this.ballots.ownBallot(matter.id, voter.memberId)
      : undefined;
    if (!ballot) throw new PortalException(PortalErrorCode.BallotNotFound);
    return {
      ballotId: ballot.receiptId ?? ballot.id,
      matterKey: ballot.matterId,
      choices: ballot.choices,
      method: ballot.method,
      castAt: ballot.castAt.toISOString(),
    };
  }

  async cast(
    voter: VoterPrincipal,
    shortCode: string,
    matterKey: string,
    choices: string[],
    idempotencyKey: string | null,
  ): Promise<BallotReceipt> {
    await this.requireOwnMeeting(voter, shortCode);
    return this.voting.castAsVoter(voter, matterKey, choices, idempotencyKey);
  }

  private sessionFor(
    meeting: PortalMeetingRow,
    voter: { id: string; name: string; email: string },
    member: { id: string; unit: string; shares: number; eligible: boolean },
  ): PortalSessionResponse {
    const meetingEnd = meetingEndsAt(meeting).getTime();
    const expiresAt = new Date(
      Math.max(this.clock.nowMs() + 12 * HOUR_MS, meetingEnd + 24 * HOUR_MS),
    );
    return {
      voterToken: this.tokens.issueVoter(
        { voterId: voter.id, memberId: member.id, meetingId: meeting.id },
        voter.email,
        expiresAt,
      ),
      expiresAt: expiresAt.toISOString(),
      voter: { voterKey: voter.id, name: voter.name, email: voter.email },
      member: {
        key: member.id,
        unit: member.unit,
        shares: member.shares,
        eligible: member.eligible,
      },
    };
  }

  private async requireMeeting(shortCode: string): Promise<PortalMeetingRow> {
    const meeting = await this.live.meetingByShortCode(shortCode);
    if (!meeting) throw new PortalException(PortalErrorCode.MeetingNotFound);
    return meeting;
  }

  /** The voter's own meeting; any other is a 404. */
  private async requireOwnMeeting(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<PortalMeetingRow> {
    const meeting = await this.live.meetingByShortCode(shortCode);
    if (!meeting || meeting.id !== voter.meetingId)
      throw new PortalException(PortalErrorCode.MeetingNotFound);
    return meeting;
  }
}
