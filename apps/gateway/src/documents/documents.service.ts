import {
  mergedTranslations,
  refuseProblems,
  unlistedLanguageProblems,
} from '../common/translations';
import type { Readable } from 'node:stream';
import { AuditLogService } from '../audit/audit-log.service';
import { Injectable, Logger } from '@nestjs/common';
import type {
  DocumentDownloadQuery,
  MeetingDocument,
  RegisterDocumentRequest,
  UploadedDocument,
} from '@livevote/contracts';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import {
  newDocumentKey,
  parseDocumentKey,
  safeContentType,
  sanitizeFileName,
} from './document-files';
import { DocumentStorage } from './document-storage';
import type { UploadedDocumentFile } from './document-upload.interceptor';
import { DocumentUrlService } from './document-url.service';
import { DocumentErrorCode, DocumentException } from './documents.exception';
import { downloadHeaders, mapDocument, mapUpload } from './documents.mapper';
import { DocumentsRepository, type DocumentRow } from './documents.repository';

export interface DocumentDownload {
  stream: Readable;
  headers: Record<string, string>;
}

@Injectable()
export class DocumentsService {
  private readonly logger = new Logger('Documents');

  constructor(
    private readonly meetings: MeetingAccessService,
    private readonly documents: DocumentsRepository,
    private readonly storage: DocumentStorage,
    private readonly signer: DocumentUrlService,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditLogService,
  ) {}

  /** Moves staged bytes under a new key of the meeting; staged bytes never outlive a failure. */
  async upload(
    userId: string,
    shortCode: string,
    file: UploadedDocumentFile | undefined,
  ): Promise<UploadedDocument> {
    try {
      const meeting = await this.meetings.require(userId, shortCode);
      if (!file) throw new DocumentException(DocumentErrorCode.FileRequired);
      const key = newDocumentKey(meeting.id);
      const name = sanitizeFileName(file.originalname);
      await this.storage.commit(file.stagingId, key, {
        contentType: safeContentType(file.mimetype),
        name,
      });
      return mapUpload(key, name, file.size);
    } catch (error) {
      if (file)
        await this.storage.discard(file.stagingId).catch(() => undefined);
      throw error;
    }
  }

  /** Registers an upload of this meeting; answers all the meeting's documents. */
  register(
    userId: string,
    shortCode: string,
    body: RegisterDocumentRequest,
  ): Promise<MeetingDocument[]> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.meetings.requireForUpdate(userId, shortCode);
      // a title in other languages, a document for one language: the meeting's (docs/i18n.md)
      refuseProblems([
        ...unlistedLanguageProblems(body.translations, meeting.languages),
        ...(body.language && !meeting.languages.includes(body.language)
          ? [
              {
                path: 'language',
                message: `Not one of the meeting's languages (${meeting.languages.join(', ')}).`,
              },
            ]
          : []),
      ]);
      const parts = parseDocumentKey(body.Key);
      if (parts?.meetingId !== meeting.id)
        throw new DocumentException(DocumentErrorCode.UnknownUpload);
      const stored = await this.storage.stat(body.Key);
      if (!stored) throw new DocumentException(DocumentErrorCode.UnknownUpload);
      if (stored.size !== body.size)
        throw new DocumentException(DocumentErrorCode.SizeMismatch);
      if (await this.documents.findByStorageKey(meeting.id, body.Key))
        throw new DocumentException(DocumentErrorCode.AlreadyRegistered);
      await this.documents.insert({
        meetingId: meeting.id,
        storageKey: body.Key,
        name: body.name,
        size: stored.size,
        contentType: stored.contentType,
        forVoters: body.forVoters ?? true,
        translations: mergedTranslations({}, body.translations),
        language: body.language ?? null,
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'document.create',
        actor: { userId },
        subject: { type: 'document', label: body.name },
        changes: {
          after: {
            name: body.name,
            size: stored.size,
            forVoters: body.forVoters ?? true,
            translations: body.translations ?? {},
            language: body.language ?? null,
          },
        },
      });
      return this.mapAll(await this.documents.listForMeeting(meeting.id));
    });
  }

  async list(userId: string, shortCode: string): Promise<MeetingDocument[]> {
    const meeting = await this.meetings.require(userId, shortCode);
    return this.mapAll(await this.documents.listForMeeting(meeting.id));
  }

  /** The spec answers an array here too: one element. */
  async get(
    userId: string,
    shortCode: string,
    documentKey: string,
  ): Promise<MeetingDocument[]> {
    const meeting = await this.meetings.require(userId, shortCode);
    const row = isUuid(documentKey)
      ? await this.documents.find(meeting.id, documentKey)
      : undefined;
    if (!row) throw new DocumentException(DocumentErrorCode.DocumentNotFound);
    return this.mapAll([row]);
  }

  async delete(
    userId: string,
    shortCode: string,
    documentKey: string,
  ): Promise<void> {
    const row = await this.unitOfWork.run(async () => {
      const meeting = await this.meetings.requireForUpdate(userId, shortCode);
      const deleted = isUuid(documentKey)
        ? await this.documents.delete(meeting.id, documentKey)
        : undefined;
      if (!deleted)
        throw new DocumentException(DocumentErrorCode.DocumentNotFound);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'document.delete',
        actor: { userId },
        subject: { type: 'document', key: deleted.id, label: deleted.name },
        changes: { before: { name: deleted.name, size: deleted.size } },
      });
      return deleted;
    });
    // After the commit: a failure here leaves unreachable bytes, never a record without bytes.
    await this.storage.delete(row.storageKey).catch((error: unknown) => {
      this.logger.warn(
        `bytes of deleted document ${row.id} not removed: ${String(error)}`,
      );
    });
  }

  /** A signed link's bytes; the signature is the only credential. */
  async download(
    storageKey: string,
    query: DocumentDownloadQuery,
  ): Promise<DocumentDownload> {
    const check = this.signer.check(storageKey, query.expires, query.sig);
    if (!check.ok)
      throw new DocumentException(
        check.reason === 'expired'
          ? DocumentErrorCode.DownloadLinkExpired
          : DocumentErrorCode.InvalidDownloadLink,
      );
    const parts = parseDocumentKey(storageKey);
    const row = parts
      ? await this.documents.findByStorageKey(parts.meetingId, storageKey)
      : undefined;
    const content = row ? await this.storage.open(storageKey) : null;
    if (!row || !content)
      throw new DocumentException(DocumentErrorCode.DocumentNotFound);
    return {
      stream: content.stream,
      headers: downloadHeaders({
        name: row.name,
        contentType: row.contentType,
        size: content.size,
        remainingSeconds: check.remainingSeconds,
      }),
    };
  }

  private mapAll(rows: DocumentRow[]): MeetingDocument[] {
    return rows.map((row) => mapDocument(row, this.signer.url(row.storageKey)));
  }
}
