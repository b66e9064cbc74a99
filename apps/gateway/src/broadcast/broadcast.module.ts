import { Module } from '@nestjs/common';
import { LiveBroadcaster } from './live-broadcaster';

/** The one emitter of live events; the live gateway attaches the socket.io namespace to it. */
@Module({
  providers: [LiveBroadcaster],
  exports: [LiveBroadcaster],
})
export class BroadcastModule {}
