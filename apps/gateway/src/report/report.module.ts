import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ResultsModule } from '../results/results.module';
import { MattersModule } from '../matters/matters.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PresenceModule } from '../presence/presence.module';
import { QuorumModule } from '../quorum/quorum.module';
import { ReportController } from './report.controller';
import { ReportRenderService } from './report-render.service';
import { ReportSlotsStore } from './report-slots.store';
import { ReportRepository } from './report.repository';
import { ReportService } from './report.service';

@Module({
  imports: [
    AuditModule,
    ResultsModule,
    MattersModule,
    MeetingsModule,
    PresenceModule,
    QuorumModule,
  ],
  controllers: [ReportController],
  providers: [
    ReportRepository,
    ReportService,
    ReportSlotsStore,
    ReportRenderService,
  ],
})
export class ReportModule {}
