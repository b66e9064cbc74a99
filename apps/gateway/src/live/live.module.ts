import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { IdentityModule } from '../identity/identity.module';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PresenceModule } from '../presence/presence.module';
import { SessionsModule } from '../sessions/sessions.module';
import { BallotsModule } from '../ballots/ballots.module';
import { VotingModule } from '../voting/voting.module';
import { LiveSessions } from './live-sessions';
import { LiveSnapshots } from './live-snapshots';
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
    SessionsModule,
    VotingModule,
  ],
  providers: [LiveGateway, LiveSessions, LiveSnapshots, PacketGuard],
})
export class LiveModule {}
