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
} from '@nestjs/swagger';
import type { MeetingReport } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { MeetingReportDto, ReportQueryDto } from './report.dto';
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

  @Get('report')
  @ApiOkResponse({ type: MeetingReportDto })
  async json(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ReportQueryDto,
  ): Promise<MeetingReport> {
    return (
      await this.reports.build(
        manager.userId,
        shortCode,
        query.matter,
        query.lang,
      )
    ).report;
  }

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
    const { csv } = await this.reports.build(
      manager.userId,
      shortCode,
      query.matter,
      query.lang,
    );
    return new StreamableFile(Buffer.from(csv, 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${fileName(shortCode, query.matter, 'csv')}"`,
    });
  }

  @Get('report.pdf')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The report as PDF.' })
  async pdf(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: ReportQueryDto,
  ): Promise<StreamableFile> {
    const pdf = await this.reports.pdf(
      manager.userId,
      shortCode,
      query.matter,
      query.lang,
    );
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="${fileName(shortCode, query.matter, 'pdf')}"`,
    });
  }
}
