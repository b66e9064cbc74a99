import { Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { MailTransport } from './mail-transport';
import { ResendBudgetStore } from './resend-budget.store';
import { OutboxMailTransport } from './outbox-mail-transport';
import { SmtpMailTransport } from './smtp-mail-transport';

function mailTransport(config: AppConfig, clock: Clock): MailTransport {
  if (config.mail.smtpUrl)
    return new SmtpMailTransport(config.mail.smtpUrl, config.mail.from);
  new Logger('Mail').log(
    `SMTP_URL is not set: mail is written to ${config.mail.outboxDir}`,
  );
  return new OutboxMailTransport(
    config.mail.outboxDir,
    config.mail.from,
    clock,
  );
}

/** The MailTransport port, SMTP when SMTP_URL is set, the `.eml` outbox otherwise. */
@Module({
  providers: [
    {
      provide: MailTransport,
      inject: [AppConfig, Clock],
      useFactory: mailTransport,
    },
    ResendBudgetStore,
  ],
  exports: [MailTransport, ResendBudgetStore],
})
export class MailModule implements OnApplicationShutdown {
  constructor(private readonly transport: MailTransport) {}

  onApplicationShutdown(): Promise<void> {
    return this.transport.close();
  }
}
