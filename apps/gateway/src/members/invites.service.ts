import { chooseLanguage } from '@livevote/i18n';
import { Injectable, Logger } from '@nestjs/common';
import type {
  BulkInviteRequest,
  BulkInviteResult,
  InviteResult,
  PersonalLink,
} from '@livevote/contracts';
import { ApiException } from '../common/api-exception';
import { AuditLogService } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/database';
import { checkInQrPng, formatCheckInCode } from '../common/check-in-code';
import { inviteMail } from '../mail/invite-mail';
import { failedDelivery } from '../mail/mail-delivery';
import { MailTransport } from '../mail/mail-transport';
import { ResendBudgetStore } from '../mail/resend-budget.store';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import { InviteTokensService } from './invite-tokens.service';
import { InviteVideoLinks } from './invite-video-links';
import { MemberErrorCode, MemberException } from './members.exception';
import { mapMeetingDetails, personalPortalLink } from './invites.mapper';
import { InvitesRepository, type InviteeRow } from './invites.repository';

export enum InviteErrorCode {
  EmailsDisabled = 'emails_disabled',
  MailNotSent = 'mail_not_sent',
}

function describe(code: InviteErrorCode): [status: number, variant?: string] {
  switch (code) {
    case InviteErrorCode.EmailsDisabled:
      return [409, 'invite'];
    case InviteErrorCode.MailNotSent:
      return [502];
  }
}

export class InviteException extends ApiException {
  constructor(code: InviteErrorCode) {
    const [status, variant] = describe(code);
    super(status, code, { variant });
  }
}

/** A voter as the audit log names it: its name (else e-mail) and unit, as they were then. */
function voterSubject(voter: InviteeRow) {
  return {
    type: 'voter',
    key: voter.id,
    label: voter.name || voter.email,
    unit: voter.unit,
  };
}

/** Messages in flight at once during a bulk invite (nodemailer's pool keeps 5 connections). */
const BULK_CONCURRENCY = 5;

@Injectable()
export class InvitesService {
  private readonly logger = new Logger(InvitesService.name);

  constructor(
    private readonly access: MeetingAccessService,
    private readonly invites: InvitesRepository,
    private readonly tokens: InviteTokensService,
    private readonly mail: MailTransport,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
    private readonly videoLinks: InviteVideoLinks,
    private readonly budget: ResendBudgetStore,
  ) {}

  async inviteVoter(
    userId: string,
    shortCode: string,
    memberKey: string,
    email: string,
  ): Promise<InviteResult> {
    const { meeting, voter } = await this.unitOfWork.run(async () => {
      const meeting = await this.access.require(userId, shortCode);
      if (
        !isUuid(memberKey) ||
        !(await this.invites.memberExists(meeting.id, memberKey))
      )
        throw new MemberException(MemberErrorCode.MemberNotFound);
      const voter = await this.invites.findVoter(meeting.id, memberKey, email);
      if (!voter) throw new MemberException(MemberErrorCode.VoterNotFound);
      if (voter.emailsDisabled)
        throw new InviteException(InviteErrorCode.EmailsDisabled);
      return { meeting, voter };
    });
    await this.budget.spendOne(voter.id);
    const sentAt = this.clock.now();
    if (!(await this.deliver(meeting, voter, sentAt, { userId })))
      throw new InviteException(InviteErrorCode.MailNotSent);
    return { sentAt: sentAt.toISOString() };
  }

  /** The voter's personal portal link, the one its invite carries; nothing is sent. */
  async personalLink(
    userId: string,
    shortCode: string,
    memberKey: string,
    email: string,
  ): Promise<PersonalLink> {
    const meeting = await this.access.require(userId, shortCode);
    if (
      !isUuid(memberKey) ||
      !(await this.invites.memberExists(meeting.id, memberKey))
    )
      throw new MemberException(MemberErrorCode.MemberNotFound);
    const voter = await this.invites.findVoter(meeting.id, memberKey, email);
    if (!voter) throw new MemberException(MemberErrorCode.VoterNotFound);
    // the link signs in as the voter: who took one, and for whom, is on the record
    await this.audit.record({
      meetingId: meeting.id,
      kind: 'voter.personal_link',
      actor: { userId },
      subject: voterSubject(voter),
    });
    return {
      portalUrl: personalPortalLink(
        this.config.publicUrl,
        meeting.shortCode,
        this.tokens.issue(voter, meeting),
      ),
    };
  }

  /**
   * The voter's own invite again, to its own address: how an owner whose e-mail is already a
   * voter gets back in from the registration page (docs/security.md). Nothing for a voter who
   * turned e-mails off. False when nothing was sent.
   */
  async resendOwn(
    meeting: MeetingRow,
    memberId: string,
    email: string,
  ): Promise<boolean> {
    const voter = await this.invites.findVoter(meeting.id, memberId, email);
    if (!voter || voter.emailsDisabled) return false;
    return this.deliver(meeting, voter, this.clock.now());
  }

  /**
   * Invites the voters aimed at whose e-mails are on: never invited, or also those whose last
   * invite bounced or failed, or all again (a resend: rate-limited per meeting). A refused
   * message is counted, not fatal; an address past its hourly budget is skipped.
   */
  async inviteAll(
    userId: string,
    shortCode: string,
    { to }: BulkInviteRequest,
  ): Promise<BulkInviteResult> {
    const { meeting, voters } = await this.unitOfWork.run(async () => {
      const meeting = await this.access.require(userId, shortCode);
      return { meeting, voters: await this.invites.listVoters(meeting.id) };
    });
    if (to !== 'uninvited') await this.budget.spendBulk(meeting.id);
    const aimed = (v: InviteeRow) =>
      to === 'all' ||
      !v.lastInviteDate ||
      // bounced or failed, as the mail server said: an invite sent before deliveries were
      // recorded (no status) went out, and is not sent again (docs/mail.md)
      (to === 'undelivered' &&
        (v.inviteStatus === 'bounced' || v.inviteStatus === 'failed'));
    const due = voters.filter((v) => aimed(v) && !v.emailsDisabled);
    const sentAt = this.clock.now();
    let sent = 0;
    let overBudget = 0;
    const queue = [...due];
    const worker = async () => {
      for (let voter = queue.shift(); voter; voter = queue.shift()) {
        if (!(await this.budget.allowsBulkOne(meeting.id, voter.email)))
          overBudget += 1;
        else if (
          await this.deliver(meeting, voter, sentAt, { userId, bulk: true })
        )
          sent += 1;
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(BULK_CONCURRENCY, due.length) }, worker),
    );
    return {
      sent,
      failed: due.length - sent - overBudget,
      skipped: voters.length - due.length + overBudget,
      sentAt: sentAt.toISOString(),
    };
  }

  /**
   * Sends outside any transaction, then records what the mail server said in one of its own
   * (lastInviteDate only once the transport took the message), with the manager's audit entry
   * when a manager sent it. False when refused.
   */
  private async deliver(
    meeting: MeetingRow,
    voter: InviteeRow,
    sentAt: Date,
    by?: { userId: string; bulk?: boolean },
  ): Promise<boolean> {
    const token = this.tokens.issue(voter, meeting);
    const checkIn = {
      code: formatCheckInCode(voter.checkInCode),
      qrPng: await checkInQrPng(voter.checkInCode),
    };
    const message = inviteMail({
      meeting: mapMeetingDetails(meeting, this.config),
      voter,
      unit: voter.unit,
      portalLink: personalPortalLink(
        this.config.publicUrl,
        meeting.shortCode,
        token,
      ),
      videoLink: await this.videoLinks.forVoter(meeting.id, voter.id),
      checkIn,
      sentAt,
      uidDomain: this.config.mailDomain,
      lng: chooseLanguage({
        preference: voter.language,
        meeting: meeting.language,
      }),
    });
    let outcome: ReturnType<typeof failedDelivery> | undefined;
    try {
      await this.mail.send(message);
    } catch (error) {
      outcome = failedDelivery(error);
      this.logger.warn(
        `invite to voter ${voter.id} of meeting ${meeting.shortCode} ${outcome.status}: ${outcome.detail}`,
      );
    }
    await this.unitOfWork.run(async () => {
      await this.invites.recordDelivery(
        voter.id,
        sentAt,
        outcome ?? { status: 'sent', detail: null },
      );
      if (by)
        await this.audit.record({
          meetingId: meeting.id,
          kind: 'voter.invite',
          actor: { userId: by.userId },
          subject: voterSubject(voter),
          changes: {
            email: voter.email,
            sentAt: sentAt.toISOString(),
            ...(outcome ? { delivery: outcome.status } : {}),
            ...(by.bulk ? { bulk: true } : {}),
          },
        });
    });
    return !outcome;
  }
}
