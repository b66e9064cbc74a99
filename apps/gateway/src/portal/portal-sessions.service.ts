import { translatedText } from '@livevote/contracts';
import { portalLanguage, type PortalReader } from '../common/reader-language';
import type { Language } from '@livevote/i18n';
import { Injectable } from '@nestjs/common';
import type {
  PortalEntry,
  PortalRegisterRequest,
  PortalSessionResponse,
} from '@livevote/contracts';
import { meetingEndsAt } from '@livevote/rules';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import {
  minuteBudget,
  spend,
  windowBudget,
} from '../identity/auth-rate-limit.service';
import { LiveTokensService } from '../identity/live-tokens.service';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { InviteTokensService } from '../members/invite-tokens.service';
import { InvitesService } from '../members/invites.service';
import { RedisConnection } from '../redis/redis.module';
import { voterSessionVersion } from '../revocation/voter-session.registry';
import { VoterChanges } from '../members/voter-changes';
import { PortalErrorCode, PortalException } from './portal.exception';
import { mapPortalSession } from './portal.mapper';
import { PortalRepository, type PortalMeetingRow } from './portal.repository';

const HOUR_MS = 3_600_000;
/** Wrong control numbers a minute, per client address and per number tried (docs/security.md). */
const FAILED_REGISTRATIONS_PER_MINUTE = 20;
/** How often registering with a voter's e-mail mails that voter its link again (docs/security.md). */
const RELINK_WINDOW_S = 15 * 60;

/** How a voter signs in to the portal: their invitation link, or the member's control number. */
@Injectable()
export class PortalSessionsService {
  private readonly failuresByAddress: RateLimiterAbstract;
  private readonly failuresByNumber: RateLimiterAbstract;
  private readonly relinksByVoter: RateLimiterAbstract;

  constructor(
    private readonly portal: PortalRepository,
    private readonly meetings: MeetingAccessService,
    private readonly invites: InviteTokensService,
    private readonly inviteMails: InvitesService,
    private readonly tokens: LiveTokensService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly voterChanges: VoterChanges,
    redis: RedisConnection,
  ) {
    this.failuresByAddress = minuteBudget(
      redis,
      'portal-register-ip',
      FAILED_REGISTRATIONS_PER_MINUTE,
    );
    this.failuresByNumber = minuteBudget(
      redis,
      'portal-register-number',
      FAILED_REGISTRATIONS_PER_MINUTE,
    );
    this.relinksByVoter = windowBudget(
      redis,
      'portal-relink-voter',
      1,
      RELINK_WINDOW_S,
    );
  }

  async session(
    shortCode: string,
    inviteToken: string,
    reader: PortalReader,
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
    return this.sessionFor(meeting, found.voter, found.member, reader);
  }

  /**
   * Self-registration with the member's control number. An e-mail already a voter of the
   * member never gets that voter's session here: whoever knows the unit's control number is
   * not the owner of every address of the unit. The voter's personal link goes to its own
   * address instead, and the answer is 409 `voter_exists` (docs/security.md).
   */
  async register(
    shortCode: string,
    request: PortalRegisterRequest,
    clientIp: string,
    reader: PortalReader,
  ): Promise<PortalSessionResponse> {
    // only wrong control numbers count: a room of owners on one address all register
    const attempts: [RateLimiterAbstract, string][] = [
      [this.failuresByAddress, clientIp],
      [this.failuresByNumber, `${shortCode}/${request.controlNumber}`],
    ];
    await this.refuseWhenSpent(attempts);
    const meeting = await this.requireMeeting(shortCode);
    const registered = await this.unitOfWork.run(async () => {
      const member = await this.portal.memberByControlNumber(
        meeting.id,
        request.controlNumber,
      );
      if (!member) {
        await this.countFailure(attempts);
        throw new PortalException(PortalErrorCode.InvalidControlNumber);
      }
      const existing = await this.portal.voterOfMember(
        member.id,
        request.email,
      );
      if (existing) return { existing, member };
      const now = this.clock.now();
      const voter = await this.portal.createVoter({
        memberId: member.id,
        meetingId: meeting.id,
        name: request.name,
        email: request.email,
        createdAt: now,
        updatedAt: now,
      });
      return { voter, member };
    });
    if (!registered.existing) {
      // a new voter: the webcast registers them too (docs/webcast.md)
      await this.voterChanges.changed(meeting.id);
      return this.sessionFor(
        meeting,
        registered.voter,
        registered.member,
        reader,
      );
    }
    // probing which addresses are voters costs the client address's budget
    await this.countFailure([attempts[0]]);
    if ((await spend([this.relinksByVoter, registered.existing.id])) === null)
      await this.inviteMails.resendOwn(
        meeting,
        registered.member.id,
        registered.existing.email,
      );
    throw new PortalException(PortalErrorCode.VoterExists);
  }

  /** A 429 while any of these budgets of failed attempts is spent. */
  private async refuseWhenSpent(
    budgets: [RateLimiterAbstract, string][],
  ): Promise<void> {
    let waitMs = 0;
    for (const [budget, key] of budgets) {
      const state = await budget.get(key);
      if (state && state.consumedPoints >= budget.points)
        waitMs = Math.max(waitMs, state.msBeforeNext);
    }
    if (waitMs > 0)
      throw new PortalException(PortalErrorCode.RateLimited, {
        'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
      });
  }

  /** Counts one wrong control number against each budget. */
  private async countFailure(
    budgets: [RateLimiterAbstract, string][],
  ): Promise<void> {
    for (const [budget, key] of budgets) await budget.penalty(key, 1);
  }

  /** A voter token until a day after the meeting ends, and at least 12 hours. */
  private sessionFor(
    meeting: PortalMeetingRow,
    voter: {
      id: string;
      name: string;
      email: string;
      language: Language | null;
      isTestVoter: boolean;
    },
    member: { id: string; unit: string; shares: number; eligible: boolean },
    reader: PortalReader,
  ): PortalSessionResponse {
    const meetingEnd = meetingEndsAt(meeting).getTime();
    const expiresAt = new Date(
      Math.max(this.clock.nowMs() + 12 * HOUR_MS, meetingEnd + 24 * HOUR_MS),
    );
    const token = this.tokens.issueVoter(
      {
        voterId: voter.id,
        memberId: member.id,
        meetingId: meeting.id,
        isTest: voter.isTestVoter,
      },
      voter.email,
      expiresAt,
    );
    return mapPortalSession(
      token,
      expiresAt,
      voter,
      member,
      portalLanguage(reader, meeting, voter.language),
    );
  }

  /** The meeting's name and date, for the control-number page (no credential needed). */
  async entry(shortCode: string, reader: PortalReader): Promise<PortalEntry> {
    const meeting = await this.requireMeeting(shortCode);
    // no voter yet: the browser's language, else the meeting's primary
    const language = portalLanguage(reader, meeting, null);
    return {
      name: translatedText(meeting, meeting.translations, language, 'name'),
      language,
      meetingDate: meeting.meetingDate.toISOString(),
      meetingTimezone: meeting.meetingTimezone,
    };
  }

  private async requireMeeting(shortCode: string): Promise<PortalMeetingRow> {
    const meeting = await this.meetings.byShortCode(shortCode);
    if (!meeting) throw new PortalException(PortalErrorCode.MeetingNotFound);
    return meeting;
  }
}
