import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { IdentityModule } from '../identity/identity.module';
import { MattersModule } from '../matters/matters.module';
import { MembersModule } from '../members/members.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { InvitesModule } from '../members/invites.module';
import { RevocationModule } from '../revocation/revocation.module';
import { BallotsModule } from '../ballots/ballots.module';
import { VotingModule } from '../voting/voting.module';
import { PortalAuthGuard } from './portal-auth.guard';
import { PortalController } from './portal.controller';
import { PortalRepository } from './portal.repository';
import { PortalMeetingService } from './portal-meeting.service';
import { PortalSessionsService } from './portal-sessions.service';

@Module({
  imports: [
    BallotsModule,
    BroadcastModule,
    IdentityModule,
    InvitesModule,
    MattersModule,
    MeetingsModule,
    MembersModule,
    RevocationModule,
    VotingModule,
  ],
  controllers: [PortalController],
  providers: [
    PortalAuthGuard,
    PortalMeetingService,
    PortalRepository,
    PortalSessionsService,
  ],
})
export class PortalModule {}
