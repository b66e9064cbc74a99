import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ResultsModule } from '../results/results.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { MattersController } from './matters.controller';
import { MattersRepository } from './matters.repository';
import { MattersService } from './matters.service';

@Module({
  imports: [AuditModule, ResultsModule, MeetingsModule],
  controllers: [MattersController],
  providers: [MattersRepository, MattersService],
  exports: [MattersRepository, MattersService],
})
export class MattersModule {}
