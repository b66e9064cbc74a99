import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { Clock } from '../common/clock';
import {
  MailTransport,
  type OutgoingMail,
  type SentMail,
} from './mail-transport';

/**
 * The embedded default: each message becomes an RFC 822 `.eml` file in the outbox
 * directory, built by nodemailer exactly as SMTP would have sent it.
 */
export class OutboxMailTransport extends MailTransport {
  private readonly composer: Transporter;

  constructor(
    private readonly outboxDir: string,
    from: string,
    private readonly clock: Clock,
  ) {
    super();
    this.composer = createTransport(
      { streamTransport: true, buffer: true, newline: 'windows' },
      { from },
    );
  }

  async send(message: OutgoingMail): Promise<SentMail> {
    const info = (await this.composer.sendMail(message)) as {
      messageId: string;
      message: Buffer;
    };
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    const id = info.messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_');
    const file = join(this.outboxDir, `${stamp}-${id}.eml`);
    await mkdir(this.outboxDir, { recursive: true });
    // Written aside and renamed, so whoever watches the outbox never reads half a message.
    await writeFile(`${file}.tmp`, info.message);
    await rename(`${file}.tmp`, file);
    return { messageId: info.messageId };
  }
}
