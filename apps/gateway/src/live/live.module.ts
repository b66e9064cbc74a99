import { Module } from '@nestjs/common';
import { MeetingsModule } from '../meetings/meetings.module';
import { LiveGateway } from './live.gateway';
import { LivePresence } from './live-presence';
import { LiveRepository } from './live.repository';
import { LiveSnapshots } from './live-snapshots';

/** The socket.io gateway; the voting module (global) provides what it hands ballots to. */
@Module({
  imports: [MeetingsModule],
  providers: [LiveGateway, LivePresence, LiveRepository, LiveSnapshots],
  exports: [LivePresence, LiveRepository],
})
export class LiveModule {}
