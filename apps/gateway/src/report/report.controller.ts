import {
  Controller,
  Get,
  Param,
  Query,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import {
  AttendanceQueryDto,
  MeetingReportDto,
  ReportQueryDto,
} from './report.dto';
import { ReportService } from './report.service';

const fileName = (shortCode: string, matter: string | undefined, ext: string) =>
  `${shortCode}-${matter ? `matter-${matter.slice(0, 8)}-` : ''}results.${ext}`;

/** The results report as JSON, CSV and PDF; `?matter=` for one matter. */
@ApiTags('Results')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode')
export class ReportController {
  constructor(private readonly reports: ReportService) {}

  @ApiOperation({ summary: 'Results report as JSON' })
  @Get('report')
  @ApiProduces('application/json')
  @ApiOkResponse({ type: MeetingReportDto })
  async json(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ReportQueryDto,
  ): Promise<StreamableFile> {
    // serialized in the worker pool: a big meeting's JSON is megabytes
    const { bytes } = await this.reports.render(
      manager.userId,
      shortCode,
      'json',
      query.matter,
      query.lang,
    );
    return new StreamableFile(bytes, {
      type: 'application/json; charset=utf-8',
    });
  }

  @ApiOperation({ summary: 'Results report as CSV' })
  @Get('report.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'The report as CSV; its SHA-256 is the digest.',
  })
  async csv(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ReportQueryDto,
  ): Promise<StreamableFile> {
    const { bytes } = await this.reports.render(
      manager.userId,
      shortCode,
      'csv',
      query.matter,
      query.lang,
    );
    return new StreamableFile(bytes, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${fileName(shortCode, query.matter, 'csv')}"`,
    });
  }

  @ApiOperation({ summary: 'Attendance register as CSV' })
  @Get('report/attendance.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description:
      'One row per unit: owners, shares, eligible, how present (online, in_person, proxy, absent) and the proxy holder (docs/report.md).',
  })
  async attendance(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: AttendanceQueryDto,
  ): Promise<StreamableFile> {
    const { bytes } = await this.reports.render(
      manager.userId,
      shortCode,
      'attendance',
      undefined,
      query.lang,
    );
    return new StreamableFile(bytes, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${shortCode}-attendance.csv"`,
    });
  }

  @ApiOperation({ summary: 'Results report as PDF' })
  @Get('report.pdf')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The report as PDF.' })
  async pdf(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ReportQueryDto,
  ): Promise<StreamableFile> {
    const { bytes } = await this.reports.render(
      manager.userId,
      shortCode,
      'pdf',
      query.matter,
      query.lang,
    );
    return new StreamableFile(bytes, {
      type: 'application/pdf',
      disposition: `attachment; filename="${fileName(shortCode, query.matter, 'pdf')}"`,
    });
  }
}
