import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { Clock } from '../common/clock';
import type { AppConfig } from '../config/app-config';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { BallotIngest } from './ballot-ingest';
import { BallotsInFlight } from './ballots-in-flight';
import { BallotsRepository } from './ballots.repository';
import {
  BullmqDeadlineScheduler,
  DEADLINE_QUEUE,
  DeadlineProcessor,
} from './bullmq-deadline-scheduler';
import { DeadlineScheduler } from './deadline-scheduler';
import { InProcessDeadlineScheduler } from './in-process-deadline-scheduler';
import { LiveTallies } from './live-tallies';
import { LiveVotingRepository } from './live-voting.repository';
import { LiveVotingService } from './live-voting.service';
import { MatterDirectory } from './matter-directory';
import { ScreenTokensService } from './screen-tokens.service';
import { VotingController } from './voting.controller';

/** BullMQ's connection options from a redis:// or rediss:// URL. */
export function bullConnection(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

@Module({})
export class VotingModule {
  /** Deadlines go to BullMQ when Redis is configured, to in-process timers otherwise. */
  static register(config: AppConfig): DynamicModule {
    const redisUrl = config.redis.url;
    const deadlines: Provider[] = redisUrl
      ? [
          BullmqDeadlineScheduler,
          DeadlineProcessor,
          { provide: DeadlineScheduler, useExisting: BullmqDeadlineScheduler },
        ]
      : [
          {
            provide: DeadlineScheduler,
            inject: [Clock],
            useFactory: (clock: Clock) => new InProcessDeadlineScheduler(clock),
          },
        ];
    return {
      module: VotingModule,
      global: true,
      imports: [
        MeetingsModule,
        MattersModule,
        ...(redisUrl
          ? [
              BullModule.forRoot({
                connection: bullConnection(redisUrl),
                prefix: `${config.redis.prefix}:bull`,
              }),
              BullModule.registerQueue({ name: DEADLINE_QUEUE }),
            ]
          : []),
      ],
      controllers: [VotingController],
      providers: [
        ...deadlines,
        BallotIngest,
        BallotsInFlight,
        BallotsRepository,
        LiveTallies,
        LiveVotingRepository,
        LiveVotingService,
        MatterDirectory,
        ScreenTokensService,
      ],
      exports: [
        LiveVotingService,
        LiveTallies,
        BallotsRepository,
        MatterDirectory,
      ],
    };
  }
}
