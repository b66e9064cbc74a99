import { Module } from '@nestjs/common';
import { MeetingsModule } from '../meetings/meetings.module';
import { LiveGateway } from './live.gateway';
import { LivePresence } from '../presence/live-presence';
import { LiveSessions } from './live-sessions';
import { PresenceRepository } from '../presence/presence.repository';
import { LiveSnapshots } from './live-snapshots';
import { MattersModule } from '../matters/matters.module';

/** The socket.io gateway; the voting module (global) provides what it hands ballots to. */
@Module({
  imports: [MattersModule, MeetingsModule],
  providers: [
    LiveGateway,
    LivePresence,
    PresenceRepository,
    LiveSessions,
    LiveSnapshots,
  ],
  exports: [LivePresence],
})
export class LiveModule {}
