import { createZodDto } from 'nestjs-zod';
import { MeetingReport, ReportQuery } from '@livevote/contracts';

export class MeetingReportDto extends createZodDto(MeetingReport) {}
export class ReportQueryDto extends createZodDto(ReportQuery) {}
