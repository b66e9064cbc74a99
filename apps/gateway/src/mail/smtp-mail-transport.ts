import { createTransport, type Transporter } from 'nodemailer';
import {
  MailTransport,
  type OutgoingMail,
  type SentMail,
} from './mail-transport';

/** SMTP_URL: a pooled nodemailer transport (smtp:// or smtps://, credentials in the URL). */
export class SmtpMailTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string, from: string) {
    super();
    this.transporter = createTransport({ url: smtpUrl, pool: true }, { from });
  }

  async send(message: OutgoingMail): Promise<SentMail> {
    const info = await this.transporter.sendMail(message);
    return { messageId: info.messageId };
  }

  override close(): Promise<void> {
    this.transporter.close();
    return Promise.resolve();
  }
}
