import { Module } from '@nestjs/common';
import { MeetingsModule } from '../meetings/meetings.module';
import { LiveGateway } from './live.gateway';
import { LivePresence } from './live-presence';
import { LiveSessions } from './live-sessions';
import { LiveRepository } from './live.repository';
import { LiveSnapshots } from './live-snapshots';
import { MattersModule } from '../matters/matters.module';

/** The socket.io gateway; the voting module (global) provides what it hands ballots to. */
@Module({
  imports: [MattersModule, MeetingsModule],
  providers: [
    LiveGateway,
    LivePresence,
    LiveRepository,
    LiveSessions,
    LiveSnapshots,
  ],
  exports: [LivePresence, LiveRepository],
})
export class LiveModule {}
