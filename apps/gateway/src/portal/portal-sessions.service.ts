import { Injectable } from '@nestjs/common';
import type {
  PortalRegisterRequest,
  PortalSessionResponse,
} from '@livevote/contracts';
import { meetingEndsAt } from '@livevote/rules';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { LiveTokens } from '../identity/live-tokens';
import { MeetingAccess } from '../meetings/meeting-access';
import { InviteTokens } from '../members/invite-tokens';
import { RedisConnection } from '../redis/redis.module';
import { voterSessionVersion } from '../sessions/voter-sessions';
import { PortalErrorCode, PortalException } from './portal.exception';
import { mapPortalSession } from './portal.mapper';
import { PortalRepository, type PortalMeetingRow } from './portal.repository';

const HOUR_MS = 3_600_000;
const REGISTRATIONS_PER_MINUTE = 20;

/** How a voter signs in to the portal: their invitation link, or the member's control number. */
@Injectable()
export class PortalSessionsService {
  private readonly registrations: RateLimiterAbstract;

  constructor(
    private readonly portal: PortalRepository,
    private readonly meetings: MeetingAccess,
    private readonly invites: InviteTokens,
    private readonly tokens: LiveTokens,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    redis: RedisConnection,
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

  /** A voter token until a day after the meeting ends, and at least 12 hours. */
  private sessionFor(
    meeting: PortalMeetingRow,
    voter: { id: string; name: string; email: string },
    member: { id: string; unit: string; shares: number; eligible: boolean },
  ): PortalSessionResponse {
    const meetingEnd = meetingEndsAt(meeting).getTime();
    const expiresAt = new Date(
      Math.max(this.clock.nowMs() + 12 * HOUR_MS, meetingEnd + 24 * HOUR_MS),
    );
    const token = this.tokens.issueVoter(
      { voterId: voter.id, memberId: member.id, meetingId: meeting.id },
      voter.email,
      expiresAt,
    );
    return mapPortalSession(token, expiresAt, voter, member);
  }

  private async requireMeeting(shortCode: string): Promise<PortalMeetingRow> {
    const meeting = await this.meetings.byShortCode(shortCode);
    if (!meeting) throw new PortalException(PortalErrorCode.MeetingNotFound);
    return meeting;
  }
}
