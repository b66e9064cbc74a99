import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ResultsModule } from '../results/results.module';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PresenceModule } from '../presence/presence.module';
import { ReportController } from './report.controller';
import { ReportRenderer } from './report-renderer';
import { ReportSlots } from './report-slots';
import { ReportRepository } from './report.repository';
import { ReportService } from './report.service';

@Module({
  imports: [
    AuditModule,
    ResultsModule,
    MattersModule,
    MeetingsModule,
    PresenceModule,
  ],
  controllers: [ReportController],
  providers: [ReportRepository, ReportService, ReportSlots, ReportRenderer],
})
export class ReportModule {}
