import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { MeetingAccess } from './meeting-access';

@Module({
  imports: [IdentityModule],
  providers: [MeetingAccess],
  exports: [MeetingAccess, IdentityModule],
})
export class MeetingsModule {}
