import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { RedisConnection } from '../redis/redis.module';
import { ScreenTokenRegistry } from './screen-token.registry';
import { ScreenTokensRepository } from './screen-tokens.repository';
import {
  InProcessRevocationSignals,
  RedisRevocationSignals,
  RevocationSignalsService,
} from './revocation-signals.service';
import { VoterSessionRegistry } from './voter-session.registry';
import { VoterSessionsRepository } from './voter-sessions.repository';

/** Session revocation shared by the portal, the live channel, members, accounts and screens. */
@Module({
  providers: [
    {
      provide: RevocationSignalsService,
      inject: [RedisConnection],
      useFactory: (redis: RedisConnection) =>
        redis.client
          ? new RedisRevocationSignals(redis.client, redis.key('sessions'))
          : new InProcessRevocationSignals(),
    },
    ScreenTokenRegistry,
    ScreenTokensRepository,
    VoterSessionRegistry,
    VoterSessionsRepository,
  ],
  exports: [
    ScreenTokenRegistry,
    RevocationSignalsService,
    VoterSessionRegistry,
  ],
})
export class RevocationModule implements OnApplicationShutdown {
  constructor(
    @Inject(RevocationSignalsService)
    private readonly signals: RevocationSignalsService,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.signals.close();
  }
}
