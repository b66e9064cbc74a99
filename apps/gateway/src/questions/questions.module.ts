import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { IdentityModule } from '../identity/identity.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { MembersModule } from '../members/members.module';
import { PortalAuthGuard } from '../portal/portal-auth.guard';
import { RevocationModule } from '../revocation/revocation.module';
import { QuestionsPortalController } from './questions-portal.controller';
import { QuestionsController } from './questions.controller';
import { QuestionsRepository } from './questions.repository';
import { QuestionsService } from './questions.service';

/** Voters' questions and their moderation (docs/hybrid-meetings.md, "Questions"). */
@Module({
  imports: [
    AuditModule,
    BroadcastModule,
    IdentityModule,
    MeetingsModule,
    MembersModule,
    RevocationModule,
  ],
  controllers: [QuestionsController, QuestionsPortalController],
  providers: [PortalAuthGuard, QuestionsRepository, QuestionsService],
  exports: [QuestionsService],
})
export class QuestionsModule {}
