import {
  Controller,
  Get,
  Param,
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
} from '@nestjs/swagger';
import type { Response } from 'express';
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

  @Get()
  @ApiOkResponse({ type: [PortalDocumentDto] })
  list(
    @CurrentVoter() voter: VoterPrincipal,
    @Param('shortCode') shortCode: string,
  ): Promise<PortalDocument[]> {
    return this.documents.list(voter, shortCode);
  }

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
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const download = await this.documents.download(
      voter,
      shortCode,
      documentKey,
    );
    for (const [name, value] of Object.entries(download.headers))
      res.setHeader(name, value);
    return new StreamableFile(download.stream);
  }
}
