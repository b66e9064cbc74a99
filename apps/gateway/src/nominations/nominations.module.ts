import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { MailModule } from '../mail/mail.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PortalAuthGuard } from '../portal/portal-auth.guard';
import { RevocationModule } from '../revocation/revocation.module';
import { NominationsPortalController } from './nominations-portal.controller';
import { NominationsController } from './nominations.controller';
import { NominationsRepository } from './nominations.repository';
import { NominationsService } from './nominations.service';

/** Nominations for a meeting's elections (docs/elections.md, "Nominations"). */
@Module({
  imports: [
    AuditModule,
    IdentityModule,
    MailModule,
    MeetingsModule,
    RevocationModule,
  ],
  controllers: [NominationsController, NominationsPortalController],
  providers: [NominationsRepository, NominationsService, PortalAuthGuard],
  exports: [NominationsRepository],
})
export class NominationsModule {}
