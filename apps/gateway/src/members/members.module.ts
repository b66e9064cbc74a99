import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { RevocationModule } from '../revocation/revocation.module';
import { MembersController } from './members.controller';
import { MembersImportService } from './members-import.service';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';
import { VotersController } from './voters.controller';
import { VotersRepository } from './voters.repository';
import { TestVoterRemovals } from './test-voter-removals';
import { VoterChanges } from './voter-changes';
import { VotersService } from './voters.service';

@Module({
  imports: [AuditModule, MeetingsModule, RevocationModule],
  controllers: [MembersController, VotersController],
  providers: [
    MembersRepository,
    VotersRepository,
    MembersService,
    VotersService,
    MembersImportService,
    TestVoterRemovals,
    VoterChanges,
  ],
  exports: [
    MembersRepository,
    VotersRepository,
    MembersService,
    VotersService,
    TestVoterRemovals,
    VoterChanges,
  ],
})
export class MembersModule {}
