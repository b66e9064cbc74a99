import { createZodDto } from 'nestjs-zod';
import {
  AttendanceQuery,
  MeetingReport,
  ReportQuery,
} from '@livevote/contracts';

export class MeetingReportDto extends createZodDto(MeetingReport) {}
export class ReportQueryDto extends createZodDto(ReportQuery) {}
export class AttendanceQueryDto extends createZodDto(AttendanceQuery) {}
