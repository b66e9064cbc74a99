import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { PresenceModule } from '../presence/presence.module';
import { QuorumModule } from '../quorum/quorum.module';
import { MeetingAccessService } from './meeting-access.service';
import { MeetingsController } from './meetings.controller';
import { MeetingsRepository } from './meetings.repository';
import { MeetingScheduleChanges } from './meeting-schedule-changes';
import { MeetingsService } from './meetings.service';

@Module({
  imports: [
    AuditModule,
    IdentityModule,
    AccountsModule,
    PresenceModule,
    QuorumModule,
  ],
  controllers: [MeetingsController],
  providers: [
    MeetingAccessService,
    MeetingsRepository,
    MeetingsService,
    MeetingScheduleChanges,
  ],
  exports: [MeetingAccessService, MeetingScheduleChanges, IdentityModule],
})
export class MeetingsModule {}
