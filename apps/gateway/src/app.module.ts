import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { ZodValidationPipe } from 'nestjs-zod';
import { AccountsModule } from './accounts/accounts.module';
import { AuditModule } from './audit/audit.module';
import { Clock } from './common/clock';
import { ProblemDetailsFilter } from './common/problem-details.filter';
import { requestLogOptions } from './common/request-log';
import { AppConfig } from './config/app-config';
import { Database } from './database/database';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { IdentityModule } from './identity/identity.module';
import { MetricsService } from './metrics/metrics.service';
import { RedisModule } from './redis/redis.module';
import { DemoModule } from './demo/demo.module';
import { DocumentsModule } from './documents/documents.module';
import { MailModule } from './mail/mail.module';
import { MattersModule } from './matters/matters.module';
import { MeetingsModule } from './meetings/meetings.module';
import { MembersModule } from './members/members.module';
import { InvitesModule } from './members/invites.module';
import { WebcastModule } from './webcast/webcast.module';
import { LiveModule } from './live/live.module';
import { PartnerModule } from './partner/partner.module';
import { PortalModule } from './portal/portal.module';
import { ProxiesModule } from './proxies/proxies.module';
import { CheckInsModule } from './check-ins/check-ins.module';
import { QuestionsModule } from './questions/questions.module';
import { NominationsModule } from './nominations/nominations.module';
import { FloorModule } from './floor/floor.module';
import { RemindersModule } from './reminders/reminders.module';
import { DeadlinesModule } from './voting/deadlines/deadlines.module';
import { ReportModule } from './report/report.module';
import { VotingModule } from './voting/voting.module';
import { BallotsModule } from './ballots/ballots.module';
import { ScreensModule } from './screens/screens.module';
import { VerifiabilityModule } from './verifiability/verifiability.module';

export interface AppContext {
  config: AppConfig;
  database: Database;
  clock: Clock;
}

/**
 * Process-wide values every module may inject: configuration, clock, metrics. Global: one of
 * each per process, needed nearly everywhere, and configuration comes from main.ts, not a
 * module.
 */
@Global()
@Module({})
class CoreModule {
  static register({ config, clock }: AppContext): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: Clock, useValue: clock },
        MetricsService,
      ],
      exports: [AppConfig, Clock, MetricsService],
    };
  }
}

/** The modules shared by the HTTP gateway and the admin CLI. */
export function domainModules(context: AppContext) {
  return [
    CoreModule.register(context),
    DatabaseModule.register(context.database),
    RedisModule,
    AuditModule,
    IdentityModule,
    AccountsModule,
    MailModule,
    MeetingsModule,
    MembersModule,
    InvitesModule,
    MattersModule,
    DocumentsModule,
    DemoModule,
    PartnerModule,
  ];
}

@Module({})
export class AppModule {
  static forRoot(context: AppContext): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          // one stream for Nest's lines and the request log, so what is written keeps its order
          pinoHttp: [
            requestLogOptions(context.config.logLevel),
            pino.destination({ dest: 1, sync: false }),
          ],
        }),
        ...domainModules(context),
        WebcastModule.register(context.config),
        VotingModule,
        BallotsModule,
        ScreensModule,
        DeadlinesModule.register(context.config),
        ReportModule,
        RemindersModule.register(context.config),
        LiveModule,
        PortalModule,
        ProxiesModule,
        CheckInsModule,
        VerifiabilityModule,
        QuestionsModule,
        NominationsModule,
        FloorModule,
        HealthModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
        { provide: APP_PIPE, useClass: ZodValidationPipe },
      ],
    };
  }
}
