import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MeetingsModule } from '../meetings/meetings.module';
import { DirectoryDocumentStorage } from './directory-document-storage';
import { DocumentFilesController } from './document-files.controller';
import { DocumentStorage } from './document-storage';
import { DocumentUploadInterceptor } from './document-upload.interceptor';
import { DocumentUrlSigner } from './document-url-signer';
import { DocumentsController } from './documents.controller';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';

@Module({
  imports: [MeetingsModule],
  controllers: [DocumentsController, DocumentFilesController],
  providers: [
    {
      provide: DocumentStorage,
      useFactory: (config: AppConfig) =>
        new DirectoryDocumentStorage(config.documentsDir),
      inject: [AppConfig],
    },
    DocumentUploadInterceptor,
    DocumentUrlSigner,
    DocumentsRepository,
    DocumentsService,
  ],
  exports: [DocumentsService],
})
export class DocumentsModule {}
