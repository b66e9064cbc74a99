import { Injectable } from '@nestjs/common';
import {
  formatReceipt,
  normalizeReceipt,
  type EmailReceiptResponse,
  type ReceiptStatus,
} from '@livevote/contracts';
import {
  chooseLanguage,
  formatInZone,
  receiptWords,
  translator,
  type Language,
} from '@livevote/i18n';
import { ballotKind } from '@livevote/rules';
import { sql } from 'drizzle-orm';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { Database, rowsOf } from '../database/database';
import { minuteBudget, spend } from '../identity/auth-rate-limit.service';
import { MailTransport } from '../mail/mail-transport';
import { plainName } from '../mail/plain-text';
import { meetingIn, textIn } from '../common/meeting-texts';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import { RedisConnection } from '../redis/redis.module';
import type { VoterPrincipal } from '../identity/voter-principal';
import { receiptReasons } from './receipt-words';
import { ReceiptsRepository, type ReceiptRow } from './receipts.repository';
import {
  VerifiabilityErrorCode,
  VerifiabilityException,
} from './verifiability.exception';
import { ballotAnswer } from '../ballots/ballot-marks';

/** Receipts a voter may have e-mailed a minute (docs/security.md): a mailbox, not a mail cannon. */
export const RECEIPT_MAILS_PER_MINUTE = 3;

/**
 * A voter's receipts (docs/verifiability.md): which ballot of the member each one is, whether
 * it counts now and why, and a copy by e-mail. Only the member's own: any other code, known or
 * not, is the same 404.
 */

@Injectable()
export class ReceiptsService {
  private readonly mailsPerVoter: RateLimiterAbstract;

  constructor(
    private readonly repository: ReceiptsRepository,
    private readonly meetings: MeetingAccessService,
    private readonly database: Database,
    private readonly mail: MailTransport,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    redis: RedisConnection,
  ) {
    this.mailsPerVoter = minuteBudget(
      redis,
      'receipt-mails',
      RECEIPT_MAILS_PER_MINUTE,
    );
  }

  async list(
    voter: VoterPrincipal,
    shortCode: string,
    lng: Language = 'en',
  ): Promise<ReceiptStatus[]> {
    const meeting = await this.ownMeeting(voter, shortCode);
    const rows = await this.repository.ofMember(meeting.id, voter.memberId);
    return rows.map((row) => this.status(meeting, row, lng));
  }

  async get(
    voter: VoterPrincipal,
    shortCode: string,
    code: string,
    lng: Language = 'en',
  ): Promise<ReceiptStatus> {
    const { meeting, row } = await this.own(voter, shortCode, code);
    return this.status(meeting, row, lng);
  }

  /** Sends the receipt and what became of it to the voter who asks, at their address. */
  async email(
    voter: VoterPrincipal,
    shortCode: string,
    code: string,
  ): Promise<EmailReceiptResponse> {
    const { meeting, row } = await this.own(voter, shortCode, code);
    const [person] = rowsOf<{
      email: string;
      name: string;
      language: Language | null;
    }>(
      await this.database.db.execute(
        sql`select email, name, language from voters where id = ${voter.voterId}`,
      ),
    );
    if (!person?.email)
      throw new VerifiabilityException(VerifiabilityErrorCode.EmailsDisabled);
    const retryAfter = await spend([this.mailsPerVoter, voter.voterId]);
    if (retryAfter !== null)
      throw new VerifiabilityException(
        VerifiabilityErrorCode.RateLimited,
        undefined,
        { 'retry-after': String(retryAfter) },
      );
    // the voter's own language, else the meeting's, as every mail to a voter (docs/i18n.md)
    const lng = chooseLanguage({
      preference: person.language,
      meeting: meeting.language,
    });
    const t = translator(lng);
    const status = this.status(meeting, row, lng);
    // the meeting's and the matter's own texts in the voter's language too (docs/i18n.md)
    const matterName = textIn(
      row.matterName,
      row.matterTranslations,
      lng,
      'name',
    );
    const meetingName = meetingIn(meeting, lng).name;
    const link = `${this.config.publicUrl}/vote/${meeting.shortCode}/receipts`;
    const text = [
      t('mail.hello', { name: plainName(person.name) }),
      '',
      t('mail.receipt.intro', { matter: matterName, meeting: meetingName }),
      '',
      `    ${formatReceipt(row.receipt)}`,
      '',
      t('mail.receipt.castAt', {
        when: formatInZone(row.castAt, meeting.meetingTimezone, lng),
      }),
      status.explanation,
      '',
      t('mail.receipt.check'),
      t('mail.receipt.yours', { url: link }),
    ].join('\n');
    await this.mail.send({
      to: person.email,
      subject: t('mail.receipt.subject', { matter: matterName }),
      text,
    });
    return { sentAt: this.clock.now().toISOString(), to: person.email };
  }

  private async own(
    voter: VoterPrincipal,
    shortCode: string,
    code: string,
  ): Promise<{ meeting: MeetingRow; row: ReceiptRow }> {
    const meeting = await this.ownMeeting(voter, shortCode);
    const receipt = normalizeReceipt(code);
    const [row] = receipt
      ? await this.repository.ofMember(meeting.id, voter.memberId, receipt)
      : [];
    if (!row)
      throw new VerifiabilityException(VerifiabilityErrorCode.ReceiptNotFound);
    return { meeting, row };
  }

  private async ownMeeting(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<MeetingRow> {
    const meeting = await this.meetings.byShortCode(shortCode);
    if (!meeting || meeting.id !== voter.meetingId)
      throw new VerifiabilityException(VerifiabilityErrorCode.ReceiptNotFound);
    return meeting;
  }

  /** The receipt's status, its explanation in `lng` (docs/i18n.md). */
  private status(
    meeting: MeetingRow,
    row: ReceiptRow,
    lng: Language,
  ): ReceiptStatus {
    const kind = ballotKind(row);
    const standing = row.standing;
    const state =
      standing?.eventId === row.eventId
        ? 'counts'
        : standing
          ? 'replaced'
          : 'withdrawn';
    const current =
      standing && state === 'replaced'
        ? { kind: ballotKind(standing), castAt: standing.castAt }
        : null;
    const proxy = row.proxyStatus
      ? { status: row.proxyStatus, revokedAt: row.proxyRevokedAt }
      : null;
    const reasons = receiptReasons({
      kind,
      state,
      closed: row.liveStatus === 'closed',
      current,
      withdrawnAt: row.withdrawnAt,
      proxy,
    });
    return {
      receipt: row.receipt,
      matterKey: row.matterId,
      matterName: row.matterName,
      kind,
      ...ballotAnswer(row.votingMethod, row),
      castAt: row.castAt.toISOString(),
      state,
      current: current && {
        kind: current.kind,
        castAt: current.castAt.toISOString(),
        receipt: standing?.receipt ?? null,
      },
      proxy: proxy && {
        status: proxy.status,
        revokedAt: proxy.revokedAt?.toISOString() ?? null,
      },
      reasons,
      explanation: receiptWords(
        { kind, current, reasons },
        translator(lng),
        (at) => formatInZone(at, meeting.meetingTimezone, lng),
      ),
      published: row.published,
    };
  }
}
