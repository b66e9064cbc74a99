import { PortalReaderOf, type PortalReader } from '../common/reader-language';
import {
  Controller,
  Get,
  Param,
  Req,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { downloadPolicy } from './documents.mapper';
import type { PortalDocument } from '@livevote/contracts';
import { CurrentVoter, PortalAuthGuard } from '../portal/portal-auth.guard';
import type { VoterPrincipal } from '../identity/voter-principal';
import { PortalDocumentDto } from './documents.dto';
import { PortalDocumentsService } from './portal-documents.service';

/** The meeting's documents, for its voters (the voter token is the credential). */
@ApiTags('Voter portal')
@ApiBearerAuth()
@UseGuards(PortalAuthGuard)
@Controller('portal/v1/Meetings/:shortCode/documents')
export class PortalDocumentsController {
  constructor(private readonly documents: PortalDocumentsService) {}

  @ApiOperation({ summary: "List the meeting's documents for a voter" })
  @Get()
  @ApiOkResponse({ type: [PortalDocumentDto] })
  list(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @PortalReaderOf() reader: PortalReader,
  ): Promise<PortalDocument[]> {
    return this.documents.list(voter, shortCode, reader);
  }

  @ApiOperation({ summary: 'Download a meeting document as a voter' })
  @Get(':documentKey')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({
    description: 'Not a document of the voter’s meeting.',
  })
  async download(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
    @Param('documentKey') documentKey: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const download = await this.documents.download(
      voter,
      shortCode,
      documentKey,
    );
    for (const [name, value] of Object.entries(download.headers))
      res.setHeader(name, value);
    downloadPolicy(req, res);
    return new StreamableFile(download.stream);
  }
}
