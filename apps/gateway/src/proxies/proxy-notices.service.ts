import { chooseLanguage } from '@livevote/i18n';
import type { MatterTexts } from '../common/meeting-texts';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { failedDelivery } from '../mail/mail-delivery';
import { MailTransport, type OutgoingMail } from '../mail/mail-transport';
import type { MeetingRow } from '../meetings/meeting-access.service';
import { HolderTokensService } from './holder-tokens.service';
import { ProxiesRepository, type ProxyWithUnit } from './proxies.repository';
import {
  holderLink,
  holderNoticeMail,
  proxyConfirmationMail,
  type ProxyMailContent,
} from './proxy-mail';

/** The mail an appointment sends: the member's confirmation and the holder's link. */
@Injectable()
export class ProxyNoticesService {
  private readonly logger = new Logger('Proxies');

  constructor(
    private readonly proxies: ProxiesRepository,
    private readonly holderTokens: HolderTokensService,
    private readonly mail: MailTransport,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * The member's confirmation (electronic proxies) and the holder's link, sent to an address
   * once per meeting whoever names it again; failures are logged.
   */
  async send(
    meeting: MeetingRow,
    found: ProxyWithUnit,
    matters: Map<string, MatterTexts>,
  ): Promise<void> {
    const { proxy, holder } = found;
    const content = this.content(meeting, found, matters);
    const messages: {
      mail: OutgoingMail;
      sent?: (at: Date) => Promise<void>;
      unsent?: (error: unknown) => Promise<void>;
    }[] = [];
    const voter = proxy.voterId
      ? await this.proxies.voter(proxy.voterId)
      : undefined;
    if (voter && !voter.communicationPreferences.disableAllEmails)
      messages.push({
        mail: proxyConfirmationMail(
          voter.email,
          content,
          chooseLanguage({
            preference: voter.language,
            meeting: meeting.language,
          }),
        ),
      });
    const claimedAt = this.clock.now();
    if (
      holder.email &&
      (await this.proxies.claimNotice(holder.id, claimedAt))
    ) {
      messages.push({
        mail: await this.holderMail(meeting, holder.id, holder.email, content),
        sent: (at) =>
          this.proxies.recordNotice(holder.id, at, {
            status: 'sent',
            detail: null,
          }),
        // not sent: the next appointment naming the holder tries again
        unsent: async (error) => {
          await this.proxies.recordNotice(
            holder.id,
            claimedAt,
            failedDelivery(error),
          );
          await this.proxies.releaseNotice(holder.id, claimedAt);
        },
      });
    }
    for (const { mail, sent, unsent } of messages) {
      try {
        await this.mail.send(mail);
        await sent?.(this.clock.now()).catch(() => {});
      } catch (error) {
        this.logger.warn(
          `proxy mail for meeting ${meeting.shortCode} not sent: ${(error as Error).message}`,
        );
        await unsent?.(error).catch(() => {});
      }
    }
  }

  /**
   * The holder's link again, as a manager asks (the first may have bounced or been lost); the
   * outcome is recorded on the holder. Resolves to when it went, or to why it did not.
   */
  async resendToHolder(
    meeting: MeetingRow,
    found: ProxyWithUnit & { holder: { email: string } },
  ): Promise<
    { sentAt: Date } | { failed: ReturnType<typeof failedDelivery>; at: Date }
  > {
    const content = this.content(meeting, found, new Map());
    const at = this.clock.now();
    try {
      await this.mail.send(
        await this.holderMail(
          meeting,
          found.holder.id,
          found.holder.email,
          content,
        ),
      );
    } catch (error) {
      const failed = failedDelivery(error);
      await this.proxies.recordNotice(found.holder.id, at, failed);
      return { failed, at };
    }
    await this.proxies.recordNotice(found.holder.id, at, {
      status: 'sent',
      detail: null,
    });
    await this.proxies.claimNotice(found.holder.id, at);
    return { sentAt: at };
  }

  private async holderMail(
    meeting: MeetingRow,
    holderId: string,
    email: string,
    content: ProxyMailContent,
  ): Promise<OutgoingMail> {
    const link = holderLink(
      this.config.publicUrl,
      meeting.shortCode,
      this.holderTokens.issueLink(holderId, meeting),
    );
    // a holder who is a voter of the meeting reads its own language, anyone else the primary
    const language = chooseLanguage({
      preference: await this.proxies.languageOfAddress(meeting.id, email),
      meeting: meeting.language,
    });
    return holderNoticeMail(email, content, link, language);
  }

  private content(
    meeting: MeetingRow,
    { proxy, unit }: ProxyWithUnit,
    matters: Map<string, MatterTexts>,
  ): ProxyMailContent {
    return {
      meeting: {
        name: meeting.name,
        meetingDate: meeting.meetingDate,
        meetingTimezone: meeting.meetingTimezone,
        contactEmail: meeting.contact.email,
        translations: meeting.translations,
      },
      unit,
      holderName: proxy.holderName,
      directions: proxy.directions,
      matters,
      signedName: proxy.signedName,
      submittedAt: proxy.submittedAt,
      status: proxy.status,
    };
  }
}
