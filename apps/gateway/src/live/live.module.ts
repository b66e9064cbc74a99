import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { IdentityModule } from '../identity/identity.module';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PresenceModule } from '../presence/presence.module';
import { QuorumModule } from '../quorum/quorum.module';
import { RevocationModule } from '../revocation/revocation.module';
import { BallotsModule } from '../ballots/ballots.module';
import { VotingModule } from '../voting/voting.module';
import { LiveConnectionsService } from './live-connections.service';
import { LiveSnapshotsService } from './live-snapshots.service';
import { LiveGateway } from './live.gateway';
import { PacketGuard } from './packet-guard';

/** The socket.io gateway (namespace /live): sessions, snapshots, and ballots handed to voting. */
@Module({
  imports: [
    BallotsModule,
    BroadcastModule,
    IdentityModule,
    MattersModule,
    MeetingsModule,
    PresenceModule,
    QuorumModule,
    RevocationModule,
    VotingModule,
  ],
  providers: [
    LiveGateway,
    LiveConnectionsService,
    LiveSnapshotsService,
    PacketGuard,
  ],
})
export class LiveModule {}
