import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { JwtSigningModule } from '../identity/jwt-signing.module';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { MailModule } from '../mail/mail.module';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PortalAuthGuard } from '../portal/portal-auth.guard';
import { PresenceModule } from '../presence/presence.module';
import { QuorumModule } from '../quorum/quorum.module';
import { RevocationModule } from '../revocation/revocation.module';
import { BallotsModule } from '../ballots/ballots.module';
import { VotingModule } from '../voting/voting.module';
import { HolderAuthGuard } from './holder-auth.guard';
import { HolderLinkResendService } from './holder-link-resend.service';
import { HolderTokensService } from './holder-tokens.service';
import { HolderPresenceBudgetStore } from './holder-presence-budget.store';
import { HolderVotesService } from './holder-votes.service';
import { ManagerProxiesService } from './manager-proxies.service';
import { ProxiesController } from './proxies.controller';
import { ProxiesRepository } from './proxies.repository';
import { ProxyAppointmentService } from './proxy-appointment.service';
import { ProxyBallotsService } from './proxy-ballots.service';
import { ProxyNoticesService } from './proxy-notices.service';
import {
  HolderPortalController,
  ProxyPortalController,
} from './proxy-portal.controller';
import { VoterProxiesService } from './voter-proxies.service';

/**
 * Proxies (docs/proxies.md). Live voting tells ProxyBallotsService a matter opened through
 * MatterEventsRegistry, and presence tells it a member attended, so neither imports this module.
 */
@Module({
  imports: [
    BallotsModule,
    AuditModule,
    BroadcastModule,
    IdentityModule,
    JwtSigningModule,
    MailModule,
    MattersModule,
    MeetingsModule,
    PresenceModule,
    QuorumModule,
    RevocationModule,
    VotingModule,
  ],
  controllers: [
    ProxiesController,
    ProxyPortalController,
    HolderPortalController,
  ],
  providers: [
    HolderAuthGuard,
    HolderLinkResendService,
    HolderPresenceBudgetStore,
    HolderTokensService,
    HolderVotesService,
    PortalAuthGuard,
    ProxiesRepository,
    ManagerProxiesService,
    ProxyAppointmentService,
    ProxyBallotsService,
    ProxyNoticesService,
    VoterProxiesService,
  ],
  exports: [ProxyBallotsService],
})
export class ProxiesModule {}
