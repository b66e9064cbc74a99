import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { RevocationModule } from '../revocation/revocation.module';
import { ScreenTokensController } from './screen-tokens.controller';
import { ScreenTokensService } from './screen-tokens.service';

/** Screen tokens: made, listed and revoked by managers (the live channel checks them). */
@Module({
  imports: [AuditModule, IdentityModule, MeetingsModule, RevocationModule],
  controllers: [ScreenTokensController],
  providers: [ScreenTokensService],
  exports: [ScreenTokensService],
})
export class ScreensModule {}
