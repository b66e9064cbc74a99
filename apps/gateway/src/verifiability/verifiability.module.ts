import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { MailModule } from '../mail/mail.module';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PortalAuthGuard } from '../portal/portal-auth.guard';
import { RevocationModule } from '../revocation/revocation.module';
import { VotingModule } from '../voting/voting.module';
import { AuditExportService } from './audit-export.service';
import { PublishedCountService } from './published-count.service';
import { ReceiptsController } from './receipts.controller';
import { ReceiptsRepository } from './receipts.repository';
import { ReceiptsService } from './receipts.service';
import { VerifiabilityController } from './verifiability.controller';

/**
 * What lets owners, scrutineers and auditors check the count (docs/verifiability.md): voters'
 * receipts, the published count, the audit log export. The chain itself is AuditModule's.
 */
@Module({
  imports: [
    AuditModule,
    IdentityModule,
    MailModule,
    MattersModule,
    MeetingsModule,
    RevocationModule,
    VotingModule,
  ],
  controllers: [ReceiptsController, VerifiabilityController],
  providers: [
    AuditExportService,
    PortalAuthGuard,
    PublishedCountService,
    ReceiptsRepository,
    ReceiptsService,
  ],
})
export class VerifiabilityModule {}
