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
import type { PublishedCount } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import { AuditExportService } from './audit-export.service';
import { PublishedCountService } from './published-count.service';
import { AuditQueryDto, PublishedCountDto } from './verifiability.dto';

/** The published count for chairs and scrutineers, and the audit log export. */
@ApiTags('Results')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode')
export class VerifiabilityController {
  constructor(
    private readonly published: PublishedCountService,
    private readonly audit: AuditExportService,
  ) {}

  @ApiOperation({
    summary: "A matter's published count, for chairs and scrutineers",
  })
  @Get('matters/:matterKey/published')
  @ApiOkResponse({ type: PublishedCountDto })
  count(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('matterKey') matterKey: string,
  ): Promise<PublishedCount> {
    return this.published.forStaff(manager.userId, shortCode, matterKey);
  }

  @ApiOperation({ summary: "Export a meeting's audit log" })
  @Get('audit')
  @ApiProduces('application/jsonl', 'text/csv')
  @ApiOkResponse({
    description:
      'The audit log, oldest first: JSON Lines, or CSV with format=csv (docs/verifiability.md).',
  })
  async export(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Query() query: AuditQueryDto,
  ): Promise<StreamableFile> {
    const entries = await this.audit.entries(manager.userId, shortCode, query);
    const csv = query.format === 'csv';
    const body = csv ? this.audit.csv(entries) : this.audit.jsonLines(entries);
    return new StreamableFile(Buffer.from(body, 'utf8'), {
      type: csv
        ? 'text/csv; charset=utf-8'
        : 'application/jsonl; charset=utf-8',
      disposition: `attachment; filename="${shortCode}-audit.${csv ? 'csv' : 'jsonl'}"`,
    });
  }
}
