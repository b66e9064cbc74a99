import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module';
import { InvitesModule } from '../members/invites.module';
import { PortalAuthGuard } from './portal-auth.guard';
import { PortalController } from './portal.controller';
import { PortalRepository } from './portal.repository';
import { PortalService } from './portal.service';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';

@Module({
  imports: [MattersModule, MeetingsModule, InvitesModule, LiveModule],
  controllers: [PortalController],
  providers: [PortalAuthGuard, PortalRepository, PortalService],
})
export class PortalModule {}
