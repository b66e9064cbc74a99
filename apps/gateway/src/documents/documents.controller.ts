import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { MeetingDocument, UploadedDocument } from '@livevote/contracts';
import {
  CurrentManager,
  JwtAuthGuard,
  type Manager,
} from '../identity/jwt-auth.guard';
import {
  DocumentUploadInterceptor,
  type UploadedDocumentFile,
} from './document-upload.interceptor';
import {
  MeetingDocumentDto,
  RegisterDocumentRequestDto,
  UploadedDocumentDto,
} from './documents.dto';
import { DocumentsService } from './documents.service';

@ApiTags('Documents')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('v1/Meetings/:shortCode/documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @ApiOperation({ summary: 'Upload a document file' })
  @Post('upload')
  @UseInterceptors(DocumentUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    },
  })
  @ApiCreatedResponse({ type: UploadedDocumentDto })
  upload(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @UploadedFile() file: UploadedDocumentFile | undefined,
  ): Promise<UploadedDocument> {
    return this.documents.upload(manager.userId, shortCode, file);
  }

  @ApiOperation({ summary: 'Attach uploaded files to a meeting' })
  @Post()
  @ApiCreatedResponse({ type: [MeetingDocumentDto] })
  register(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Body() body: RegisterDocumentRequestDto,
  ): Promise<MeetingDocument[]> {
    return this.documents.register(manager.userId, shortCode, body);
  }

  @ApiOperation({ summary: "List a meeting's documents" })
  @Get()
  @ApiOkResponse({ type: [MeetingDocumentDto] })
  list(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
  ): Promise<MeetingDocument[]> {
    return this.documents.list(manager.userId, shortCode);
  }

  @ApiOperation({ summary: 'Get a document' })
  @Get(':documentKey')
  @ApiOkResponse({ type: [MeetingDocumentDto] })
  get(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('documentKey') documentKey: string,
  ): Promise<MeetingDocument[]> {
    return this.documents.get(manager.userId, shortCode, documentKey);
  }

  @ApiOperation({ summary: 'Delete a document' })
  @Delete(':documentKey')
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(
    @CurrentManager() manager: Manager,
    @Param('shortCode') shortCode: string,
    @Param('documentKey') documentKey: string,
  ): Promise<void> {
    return this.documents.delete(manager.userId, shortCode, documentKey);
  }
}
