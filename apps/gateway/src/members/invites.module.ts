import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { InviteTokensService } from './invite-tokens.service';
import { InvitesController } from './invites.controller';
import { InvitesRepository } from './invites.repository';
import { InviteVideoLinks } from './invite-video-links';
import { InvitesService } from './invites.service';
import { JwtSigningModule } from '../identity/jwt-signing.module';

/** Voter invites; MembersModule imports it. Exports InviteTokensService and InvitesService for the voter portal. */
@Module({
  imports: [AuditModule, MeetingsModule, MailModule, JwtSigningModule],
  controllers: [InvitesController],
  providers: [
    InviteTokensService,
    InvitesRepository,
    InvitesService,
    InviteVideoLinks,
  ],
  exports: [InviteTokensService, InvitesService, InviteVideoLinks],
})
export class InvitesModule {}
