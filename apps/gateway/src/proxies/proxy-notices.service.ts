import { chooseLanguage } from '@livevote/i18n';
import type { MatterTexts } from '../common/meeting-texts';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
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
    { proxy, unit, holder }: ProxyWithUnit,
    matters: Map<string, MatterTexts>,
  ): Promise<void> {
    const content: ProxyMailContent = {
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
    const messages: { mail: OutgoingMail; unsent?: () => Promise<void> }[] = [];
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
      const link = holderLink(
        this.config.publicUrl,
        meeting.shortCode,
        this.holderTokens.issueLink(holder.id, meeting),
      );
      // a holder who is a voter of the meeting reads its own language, anyone else the primary
      const holderLanguage = chooseLanguage({
        preference: await this.proxies.languageOfAddress(
          meeting.id,
          holder.email,
        ),
        meeting: meeting.language,
      });
      messages.push({
        mail: holderNoticeMail(holder.email, content, link, holderLanguage),
        // not sent: the next appointment naming the holder tries again
        unsent: () =>
          this.proxies.releaseNotice(holder.id, claimedAt).catch(() => {}),
      });
    }
    for (const { mail, unsent } of messages) {
      await this.mail.send(mail).catch(async (error: unknown) => {
        this.logger.warn(
          `proxy mail for meeting ${meeting.shortCode} not sent: ${(error as Error).message}`,
        );
        await unsent?.();
      });
    }
  }
}
