import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { IdentityModule } from '../identity/identity.module';
import { MeetingsModule } from '../meetings/meetings.module';
import { PortalAuthGuard } from '../portal/portal-auth.guard';
import { RevocationModule } from '../revocation/revocation.module';
import { DirectoryDocumentStorage } from './directory-document-storage';
import { DocumentFilesController } from './document-files.controller';
import { DocumentStorage } from './document-storage';
import { DocumentUploadInterceptor } from './document-upload.interceptor';
import { DocumentUrlService } from './document-url.service';
import { DocumentsController } from './documents.controller';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';
import { PortalDocumentsController } from './portal-documents.controller';
import { PortalDocumentsService } from './portal-documents.service';

@Module({
  imports: [AuditModule, IdentityModule, MeetingsModule, RevocationModule],
  controllers: [
    DocumentsController,
    DocumentFilesController,
    PortalDocumentsController,
  ],
  providers: [
    {
      provide: DocumentStorage,
      useFactory: (config: AppConfig) =>
        new DirectoryDocumentStorage(config.documentsDir),
      inject: [AppConfig],
    },
    DocumentUploadInterceptor,
    DocumentUrlService,
    DocumentsRepository,
    DocumentsService,
    PortalAuthGuard,
    PortalDocumentsService,
  ],
  exports: [DocumentsService],
})
export class DocumentsModule {}
