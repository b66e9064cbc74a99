import type { Readable } from 'node:stream';
import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { MAX_DOCUMENT_SIZE } from '@livevote/contracts';
import { DocumentStorage } from './document-storage';
import { DocumentErrorCode, DocumentException } from './documents.exception';

/** The `file` part as the controller receives it: staged bytes plus what the client said. */
export interface UploadedDocumentFile {
  originalname: string;
  mimetype: string;
  size: number;
  stagingId: string;
}

type Callback<T = void> = (error: Error | null, info?: T) => void;

/**
 * A multer storage engine that streams each file into the storage's staging area. It keeps
 * each request's staging work, so a failed request can wait for its clean-up to finish.
 */
class StagingStorageEngine {
  private readonly work = new WeakMap<Request, Promise<unknown>[]>();

  constructor(private readonly storage: DocumentStorage) {}

  _handleFile(
    req: Request,
    file: { stream: Readable },
    callback: Callback<Pick<UploadedDocumentFile, 'stagingId' | 'size'>>,
  ): void {
    const staged = this.storage.stage(file.stream).then(
      ({ stagingId, size }) => callback(null, { stagingId, size }),
      (error: Error) => callback(error),
    );
    this.track(req, staged);
  }

  _removeFile(
    req: Request,
    file: Partial<UploadedDocumentFile>,
    callback: Callback,
  ): void {
    if (!file.stagingId) return callback(null);
    const discarded = this.storage.discard(file.stagingId).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
    this.track(req, discarded);
  }

  /**
   * Resolves once the request's staging and clean-up have settled. multer may answer a broken
   * upload before a file's staging has even started; without this the bytes would be removed
   * only after the answer.
   */
  async settled(req: Request): Promise<void> {
    const work = this.work.get(req) ?? [];
    for (let done = 0; done < work.length;) {
      const batch = work.slice(done);
      done = work.length;
      await Promise.allSettled(batch);
    }
  }

  private track(req: Request, promise: Promise<unknown>): void {
    const work = this.work.get(req) ?? [];
    work.push(promise);
    this.work.set(req, work);
  }
}

/**
 * Multipart parsing of `POST .../documents/upload`: 415 for any other body, the one `file`
 * part streamed to staging, 413 `document_too_large` past 25 MiB. A failed upload answers
 * only once nothing of it is left in staging.
 */
@Injectable()
export class DocumentUploadInterceptor implements NestInterceptor {
  private readonly engine: StagingStorageEngine;
  private readonly multipart: NestInterceptor;

  constructor(storage: DocumentStorage) {
    this.engine = new StagingStorageEngine(storage);
    const Multipart = FileInterceptor('file', {
      storage: this.engine,
      limits: {
        fileSize: MAX_DOCUMENT_SIZE,
        files: 1,
        fields: 10,
        fieldSize: 64 * 1024,
        parts: 12,
        headerPairs: 100,
      },
      // Browsers send file names as raw UTF-8.
      defParamCharset: 'utf8',
    });
    this.multipart = new Multipart();
  }

  async intercept(
    context: ExecutionContext,
    next: CallHandler,
  ): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.is('multipart/form-data'))
      throw new DocumentException(DocumentErrorCode.UnsupportedMediaType);
    try {
      return await this.multipart.intercept(context, next);
    } catch (error) {
      await this.engine.settled(request);
      if (error instanceof PayloadTooLargeException)
        throw new DocumentException(DocumentErrorCode.DocumentTooLarge);
      throw error;
    }
  }
}
