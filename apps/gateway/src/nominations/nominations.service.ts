import {
  mergedTranslations,
  refuseProblems,
  unlistedLanguageProblems,
} from '../common/translations';
import { Injectable, Logger } from '@nestjs/common';
import {
  MAX_STANDING_NOMINATIONS,
  type ListNominationsQuery,
  type Nomination,
  type RejectNominationRequest,
  type SubmitNominationRequest,
} from '@livevote/contracts';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { chooseLanguage } from '@livevote/i18n';
import { AuditLogService } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { minuteBudget, spend } from '../identity/auth-rate-limit.service';
import type { VoterPrincipal } from '../identity/voter-principal';
import { MailTransport } from '../mail/mail-transport';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import { RedisConnection } from '../redis/redis.module';
import { nominationMail } from './nomination-mail';
import { mapNomination } from './nominations.mapper';
import {
  NominationErrorCode,
  NominationException,
} from './nominations.exception';
import {
  NominationsRepository,
  STANDING,
  type NominationWithUnit,
} from './nominations.repository';
import { nominationsOpen } from '@livevote/rules';

/** Nominations a member (all its voters together) may submit a minute, across every node. */
export const NOMINATIONS_PER_MINUTE = 5;

/**
 * Nominations for a meeting's elections (docs/elections.md, "Nominations"): members nominate
 * from the portal until the deadline, managers accept or reject them, and accepted ones become
 * an election's candidates. Every step is in the audit log.
 */
@Injectable()
export class NominationsService {
  private readonly logger = new Logger('Nominations');
  private readonly perMember: RateLimiterAbstract;

  constructor(
    private readonly access: MeetingAccessService,
    private readonly nominations: NominationsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditLogService,
    private readonly mail: MailTransport,
    private readonly clock: Clock,
    redis: RedisConnection,
  ) {
    this.perMember = minuteBudget(redis, 'nominations', NOMINATIONS_PER_MINUTE);
  }

  async submit(
    voter: VoterPrincipal,
    shortCode: string,
    body: SubmitNominationRequest,
  ): Promise<Nomination> {
    const meeting = await this.ownMeeting(voter, shortCode);
    // a nomination becomes a real election's option (docs/test-voters.md)
    if (voter.isTest)
      throw new NominationException(NominationErrorCode.TestVoter);
    // the statement in the meeting's other languages: only languages it lists (docs/i18n.md)
    refuseProblems(
      unlistedLanguageProblems(body.translations, meeting.languages),
    );
    if (!nominationsOpen(meeting, this.clock.now()))
      throw new NominationException(NominationErrorCode.NominationsClosed);
    // a unit nominates as one, however many voters it registers
    const retryAfter = await spend([this.perMember, voter.memberId]);
    if (retryAfter !== null)
      throw new NominationException(NominationErrorCode.RateLimited, {
        'retry-after': String(retryAfter),
      });
    const saved = await this.unitOfWork.run(async () => {
      const member = await this.nominations.lockMember(
        meeting.id,
        voter.memberId,
      );
      if (!member)
        throw new NominationException(NominationErrorCode.MeetingNotFound);
      const now = this.clock.now();
      // the deadline is read again under the lock: nothing slips in after it
      if (!nominationsOpen(meeting, now))
        throw new NominationException(NominationErrorCode.NominationsClosed);
      if (
        (await this.nominations.standingCount(member.id)) >=
        MAX_STANDING_NOMINATIONS
      )
        throw new NominationException(NominationErrorCode.TooManyNominations);
      const row = await this.nominations.insert({
        meetingId: meeting.id,
        memberId: member.id,
        voterId: voter.voterId,
        name: body.name,
        statement: body.statement,
        translations: mergedTranslations({}, body.translations),
        nomineeEmail: body.nomineeEmail ?? null,
        status: 'submitted',
        submittedAt: now,
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'nomination.submit',
        actor: { voterId: voter.voterId, memberId: voter.memberId },
        subject: { type: 'nomination', key: row.id, label: row.name },
        changes: {
          unit: member.unit,
          name: row.name,
          statementLength: row.statement.length,
          translated: Object.keys(row.translations),
          nomineeEmail: row.nomineeEmail !== null,
        },
      });
      return { ...row, unit: member.unit };
    });
    await this.notifyNominee(meeting, saved);
    return mapNomination(saved);
  }

  async own(voter: VoterPrincipal, shortCode: string): Promise<Nomination[]> {
    const meeting = await this.ownMeeting(voter, shortCode);
    const rows = await this.nominations.forMember(meeting.id, voter.memberId);
    return rows.map(mapNomination);
  }

  /** The member withdraws one of its standing nominations, until the deadline. */
  async withdraw(
    voter: VoterPrincipal,
    shortCode: string,
    key: string,
  ): Promise<void> {
    const meeting = await this.ownMeeting(voter, shortCode);
    if (voter.isTest)
      throw new NominationException(NominationErrorCode.TestVoter);
    await this.unitOfWork.run(async () => {
      const row = isUuid(key)
        ? await this.nominations.forUpdate(meeting.id, key)
        : undefined;
      // another member's nomination is as unknown as a missing one
      if (!row || row.memberId !== voter.memberId)
        throw new NominationException(NominationErrorCode.NominationNotFound);
      const now = this.clock.now();
      if (!nominationsOpen(meeting, now))
        throw new NominationException(NominationErrorCode.NominationsClosed);
      if (!STANDING.includes(row.status))
        throw new NominationException(NominationErrorCode.NotSubmitted);
      await this.nominations.update(row.id, {
        status: 'withdrawn',
        decidedAt: now,
        decidedBy: null,
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'nomination.withdraw',
        actor: { voterId: voter.voterId, memberId: voter.memberId },
        subject: { type: 'nomination', key: row.id, label: row.name },
        changes: {
          unit: row.unit,
          status: { from: row.status, to: 'withdrawn' },
        },
      });
    });
  }

  async list(
    userId: string,
    shortCode: string,
    query: ListNominationsQuery,
  ): Promise<Nomination[]> {
    const meeting = await this.access.require(userId, shortCode);
    const rows = await this.nominations.list(meeting.id, query.status);
    return rows.map(mapNomination);
  }

  accept(userId: string, shortCode: string, key: string): Promise<Nomination> {
    return this.decide(userId, shortCode, key, { status: 'accepted' });
  }

  reject(
    userId: string,
    shortCode: string,
    key: string,
    body: RejectNominationRequest,
  ): Promise<Nomination> {
    return this.decide(userId, shortCode, key, {
      status: 'rejected',
      reason: body.reason,
    });
  }

  /** A manager's decision on a submitted nomination, once. */
  private decide(
    userId: string,
    shortCode: string,
    key: string,
    decision: { status: 'accepted' } | { status: 'rejected'; reason: string },
  ): Promise<Nomination> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.access.require(userId, shortCode);
      const row = isUuid(key)
        ? await this.nominations.forUpdate(meeting.id, key)
        : undefined;
      if (!row)
        throw new NominationException(NominationErrorCode.NominationNotFound);
      if (row.status !== 'submitted')
        throw new NominationException(NominationErrorCode.NotSubmitted);
      const reason = decision.status === 'rejected' ? decision.reason : null;
      const updated = await this.nominations.update(row.id, {
        status: decision.status,
        rejectReason: reason,
        decidedAt: this.clock.now(),
        decidedBy: userId,
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind:
          decision.status === 'accepted'
            ? 'nomination.accept'
            : 'nomination.reject',
        actor: { userId },
        subject: { type: 'nomination', key: row.id, label: row.name },
        changes: {
          unit: row.unit,
          status: { from: row.status, to: decision.status },
          ...(reason === null ? {} : { reason }),
        },
      });
      return mapNomination({ ...updated, unit: row.unit });
    });
  }

  /** The nominee's confirmation, once per nomination; a failure is logged and given back. */
  private async notifyNominee(
    meeting: MeetingRow,
    row: NominationWithUnit,
  ): Promise<void> {
    if (!row.nomineeEmail) return;
    const claimedAt = this.clock.now();
    if (!(await this.nominations.claimNotice(row.id, claimedAt))) return;
    const mail = nominationMail(
      row.nomineeEmail,
      {
        meeting: {
          name: meeting.name,
          meetingDate: meeting.meetingDate,
          meetingTimezone: meeting.meetingTimezone,
          contactEmail: meeting.contact.email,
          translations: meeting.translations,
        },
        unit: row.unit,
        candidateName: row.name,
      },
      // a nominee who is a voter of the meeting reads its own language, anyone else the primary
      chooseLanguage({
        preference: await this.nominations.languageOfAddress(
          meeting.id,
          row.nomineeEmail,
        ),
        meeting: meeting.language,
      }),
    );
    await this.mail.send(mail).catch(async (error: unknown) => {
      this.logger.warn(
        `nomination mail for meeting ${meeting.shortCode} not sent: ${(error as Error).message}`,
      );
      await this.nominations.releaseNotice(row.id, claimedAt).catch(() => {});
    });
  }

  /** The voter's own meeting; any other is a 404. */
  private async ownMeeting(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<MeetingRow> {
    const meeting = await this.access.byShortCode(shortCode);
    if (!meeting || meeting.id !== voter.meetingId)
      throw new NominationException(NominationErrorCode.MeetingNotFound);
    return meeting;
  }
}
