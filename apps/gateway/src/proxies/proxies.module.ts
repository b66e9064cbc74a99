import { Global, Module } from '@nestjs/common';
import { JwtSigningModule } from '../identity/jwt-signing.module';
import { LiveModule } from '../live/live.module';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PortalAuthGuard } from '../portal/portal-auth.guard';
import { HolderAuthGuard } from './holder-auth.guard';
import { HolderTokens } from './holder-tokens';
import { HolderVotesService } from './holder-votes.service';
import { ProxiesController } from './proxies.controller';
import { ProxiesRepository } from './proxies.repository';
import { ProxiesService } from './proxies.service';
import { ProxyBallotsRepository } from './proxy-ballots.repository';
import { ProxyBallots } from './proxy-ballots.service';
import {
  HolderPortalController,
  ProxyPortalController,
} from './proxy-portal.controller';

/**
 * Proxies (docs/proxies.md). Global so that live voting can tell ProxyBallots a matter opened
 * without importing this module (it imports what live voting provides).
 */
@Global()
@Module({
  imports: [JwtSigningModule, LiveModule, MattersModule, MeetingsModule],
  controllers: [
    ProxiesController,
    ProxyPortalController,
    HolderPortalController,
  ],
  providers: [
    HolderAuthGuard,
    HolderTokens,
    HolderVotesService,
    PortalAuthGuard,
    ProxiesRepository,
    ProxiesService,
    ProxyBallots,
    ProxyBallotsRepository,
  ],
  exports: [ProxyBallots],
})
export class ProxiesModule {}
