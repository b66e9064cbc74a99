import { translator, type Language } from '@livevote/i18n';
import type { AccountRole } from '../database/schema';
import type { OutgoingMail } from '../mail/mail-transport';
import {
  layoutHtml,
  linkParagraphHtml,
  paragraphHtml,
} from '../mail/mail-templates';
import { plainName } from '../mail/plain-text';

export interface InvitationMailContent {
  accountName: string;
  inviterName: string;
  roles: AccountRole[];
  /** The console's accept page, the token in its fragment (never sent to a server). */
  link: string;
  expiresAt: Date;
}

/** The invitation to an account's team (docs/team.md). */
export function invitationMail(
  to: string,
  content: InvitationMailContent,
  lng: Language,
): OutgoingMail {
  const t = translator(lng);
  const roles = content.roles.length
    ? content.roles.map((role) => t(`mail.team.role.${role}`)).join(', ')
    : t('mail.team.role.manager');
  const intro = t('mail.team.intro', {
    inviter: plainName(content.inviterName),
    account: plainName(content.accountName),
    roles,
  });
  const expiry = t('mail.team.expiry', {
    date: content.expiresAt.toISOString().slice(0, 10),
  });
  const ignore = t('mail.team.ignore');
  return {
    to,
    subject: t('mail.team.subject', {
      account: plainName(content.accountName),
    }),
    text: [
      intro,
      `${t('mail.team.accept')} ${content.link}`,
      expiry,
      ignore,
    ].join('\n\n'),
    html: layoutHtml(lng, [
      paragraphHtml(intro),
      linkParagraphHtml(content.link, t('mail.team.accept')),
      paragraphHtml(expiry),
      paragraphHtml(ignore),
    ]),
  };
}
