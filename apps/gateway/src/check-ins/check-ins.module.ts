import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { IdentityModule } from '../identity/identity.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PortalAuthGuard } from '../portal/portal-auth.guard';
import { PresenceModule } from '../presence/presence.module';
import { QuorumModule } from '../quorum/quorum.module';
import { RevocationModule } from '../revocation/revocation.module';
import { CheckInPortalController } from './check-in-portal.controller';
import { CheckInsController } from './check-ins.controller';
import { CheckInsRepository } from './check-ins.repository';
import { CheckInsService } from './check-ins.service';
import { PortalAttendanceService } from './portal-attendance.service';

/**
 * Attendance of hybrid meetings (docs/hybrid-meetings.md): the check-in desk, and the voters'
 * RSVP and check-in code. Presence counts check-ins toward the quorum and tells proxies.
 */
@Module({
  imports: [
    AuditModule,
    BroadcastModule,
    IdentityModule,
    MeetingsModule,
    PresenceModule,
    QuorumModule,
    RevocationModule,
  ],
  controllers: [CheckInsController, CheckInPortalController],
  providers: [
    CheckInsRepository,
    CheckInsService,
    PortalAttendanceService,
    PortalAuthGuard,
  ],
})
export class CheckInsModule {}
