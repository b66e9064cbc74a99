import {
  Controller,
  Get,
  Param,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { downloadPolicy } from './documents.mapper';
import { DocumentDownloadQueryDto } from './documents.dto';
import { DocumentsService } from './documents.service';

/** Signed download links (`document.url`): no bearer token, the signature is the credential. */
@ApiTags('Documents')
@Controller('files')
export class DocumentFilesController {
  constructor(private readonly documents: DocumentsService) {}

  @ApiOperation({
    summary: 'Download a document through a signed link',
    security: [],
  })
  @Get(':meetingId/:objectId')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiForbiddenResponse({ description: 'Bad signature or expired link.' })
  @ApiNotFoundResponse({ description: 'The document is gone.' })
  async download(
    @Param('meetingId') meetingId: string,
    @Param('objectId') objectId: string,
    @Query() query: DocumentDownloadQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const download = await this.documents.download(
      `${meetingId}/${objectId}`,
      query,
    );
    for (const [name, value] of Object.entries(download.headers))
      res.setHeader(name, value);
    downloadPolicy(req, res);
    return new StreamableFile(download.stream);
  }
}
