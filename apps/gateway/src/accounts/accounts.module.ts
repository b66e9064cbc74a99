import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { MailModule } from '../mail/mail.module';
import { RevocationModule } from '../revocation/revocation.module';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { InvitationAcceptController } from './invitation-accept.controller';
import { InvitationAcceptService } from './invitation-accept.service';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';

/** Accounts and their team: members, roles and invitations (docs/team.md). */
@Module({
  imports: [AuditModule, IdentityModule, MailModule, RevocationModule],
  controllers: [
    AccountsController,
    InvitationsController,
    InvitationAcceptController,
  ],
  providers: [
    AccountsRepository,
    AccountsService,
    InvitationAcceptService,
    InvitationsRepository,
    InvitationsService,
  ],
  exports: [AccountsService],
})
export class AccountsModule {}
