import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, type Provider } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MailModule } from '../mail/mail.module';
import { InvitesModule } from '../members/invites.module';
import { PresenceModule } from '../presence/presence.module';
import { QuorumModule } from '../quorum/quorum.module';
import { QueuesModule } from '../queues/queues.module';
import { BullmqMailScheduler, MailProcessor } from './bullmq-mail.scheduler';
import { InProcessMailScheduler } from './in-process-mail.scheduler';
import { MAIL_QUEUE, MailScheduler } from './mail.scheduler';
import { RemindersRepository } from './reminders.repository';
import { RemindersService } from './reminders.service';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeService } from './unsubscribe.service';
import { UnsubscribeTokensService } from './unsubscribe-tokens.service';
import { JwtSigningModule } from '../identity/jwt-signing.module';

/** Scheduled e-mail (reminders, "meeting is starting", manager summaries) and unsubscribe. */
@Module({})
export class RemindersModule {
  /** Schedules live in BullMQ when Redis is configured, in a timer of this process otherwise. */
  static register(config: AppConfig): DynamicModule {
    const scheduler: Provider[] = config.redis.url
      ? [
          BullmqMailScheduler,
          MailProcessor,
          { provide: MailScheduler, useExisting: BullmqMailScheduler },
        ]
      : [
          {
            provide: MailScheduler,
            inject: [RemindersService],
            useFactory: (reminders: RemindersService) =>
              new InProcessMailScheduler(reminders),
          },
        ];
    return {
      module: RemindersModule,
      imports: [
        InvitesModule,
        JwtSigningModule,
        MailModule,
        PresenceModule,
        QuorumModule,
        ...(config.redis.url
          ? [
              QueuesModule.register(config),
              BullModule.registerQueue({ name: MAIL_QUEUE }),
            ]
          : []),
      ],
      controllers: [UnsubscribeController],
      providers: [
        RemindersRepository,
        RemindersService,
        UnsubscribeService,
        UnsubscribeTokensService,
        ...scheduler,
      ],
      exports: [RemindersService, MailScheduler],
    };
  }
}
