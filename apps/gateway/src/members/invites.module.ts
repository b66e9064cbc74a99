import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';
import { MailModule } from '../mail/mail.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { InviteTokens } from './invite-tokens';
import { InvitesController } from './invites.controller';
import { InvitesRepository } from './invites.repository';
import { InvitesService } from './invites.service';

/** Voter invites; MembersModule imports it. Exports InviteTokens for the voter portal. */
@Module({
  imports: [
    MeetingsModule,
    MailModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret }),
    }),
  ],
  controllers: [InvitesController],
  providers: [InviteTokens, InvitesRepository, InvitesService],
  exports: [InviteTokens],
})
export class InvitesModule {}
