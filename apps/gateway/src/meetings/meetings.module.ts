import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { PresenceModule } from '../presence/presence.module';
import { MeetingAccess } from './meeting-access';
import { MeetingsController } from './meetings.controller';
import { MeetingsRepository } from './meetings.repository';
import { MeetingsService } from './meetings.service';

@Module({
  imports: [AuditModule, IdentityModule, AccountsModule, PresenceModule],
  controllers: [MeetingsController],
  providers: [MeetingAccess, MeetingsRepository, MeetingsService],
  exports: [MeetingAccess, IdentityModule],
})
export class MeetingsModule {}
