import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { RedisConnection } from '../redis/redis.module';
import { ScreenSessions } from './screen-sessions';
import { ScreenTokensRepository } from './screen-tokens.repository';
import {
  InProcessSessionSignals,
  RedisSessionSignals,
  SessionSignals,
} from './session-signals';
import { VoterSessions } from './voter-sessions';
import { VoterSessionsRepository } from './voter-sessions.repository';

/** Session revocation shared by the portal, the live channel, members, accounts and screens. */
@Module({
  providers: [
    {
      provide: SessionSignals,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisSessionSignals(redis.client, redis.key('sessions'))
          : new InProcessSessionSignals(),
    },
    ScreenSessions,
    ScreenTokensRepository,
    VoterSessions,
    VoterSessionsRepository,
  ],
  exports: [ScreenSessions, SessionSignals, VoterSessions],
})
export class SessionsModule implements OnApplicationShutdown {
  constructor(
    @Inject(SessionSignals) private readonly signals: SessionSignals,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.signals.close();
  }
}
