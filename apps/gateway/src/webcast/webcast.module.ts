import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { MeetingsModule } from '../meetings/meetings.module';
import { JitsiWebcastProvider } from './jitsi-webcast-provider';
import { WebcastProvider } from './webcast-provider';
import { WebcastController } from './webcast.controller';
import { WebcastRepository } from './webcast.repository';
import { WebcastService } from './webcast.service';

@Module({
  imports: [AuditModule, MeetingsModule],
  controllers: [WebcastController],
  providers: [
    // The only adapter so far; a provider with an API would be chosen here from config.
    { provide: WebcastProvider, useClass: JitsiWebcastProvider },
    WebcastRepository,
    WebcastService,
  ],
})
export class WebcastModule {}
