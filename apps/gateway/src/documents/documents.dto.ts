import { createZodDto } from 'nestjs-zod';
import {
  DocumentDownloadQuery,
  MeetingDocument,
  PortalDocument,
  RegisterDocumentRequest,
  UploadedDocument,
} from '@livevote/contracts';

export class UploadedDocumentDto extends createZodDto(UploadedDocument) {}
export class RegisterDocumentRequestDto extends createZodDto(
  RegisterDocumentRequest,
) {}
export class MeetingDocumentDto extends createZodDto(MeetingDocument) {}
export class DocumentDownloadQueryDto extends createZodDto(
  DocumentDownloadQuery,
) {}
export class PortalDocumentDto extends createZodDto(PortalDocument) {}
