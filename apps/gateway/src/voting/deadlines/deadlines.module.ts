import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { AppConfig } from '../../config/app-config';
import { PresenceModule } from '../../presence/presence.module';
import { QuorumModule } from '../../quorum/quorum.module';
import { QueuesModule } from '../../queues/queues.module';
import { VotingModule } from '../voting.module';
import {
  BullmqDeadlineScheduler,
  DeadlineProcessor,
} from './bullmq-deadline.scheduler';
import { DeadlinesService } from './deadlines.service';
import { DEADLINE_QUEUE, DeadlineScheduler } from './deadline.scheduler';
import { InProcessDeadlineScheduler } from './in-process-deadline.scheduler';

/** Deadlines of live matters; it hooks into the lifecycle through MatterEventsRegistry. */
@Module({})
export class DeadlinesModule {
  /** Deadlines go to BullMQ when Redis is configured, to in-process timers otherwise. */
  static register(config: AppConfig): DynamicModule {
    const scheduler: Provider[] = config.redis.url
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
      module: DeadlinesModule,
      imports: [
        VotingModule,
        PresenceModule,
        QuorumModule,
        ...(config.redis.url
          ? [
              QueuesModule.register(config),
              BullModule.registerQueue({ name: DEADLINE_QUEUE }),
            ]
          : []),
      ],
      providers: [...scheduler, DeadlinesService],
    };
  }
}
