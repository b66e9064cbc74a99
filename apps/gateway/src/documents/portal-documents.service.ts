import { Injectable } from '@nestjs/common';
import { translatedText, type PortalDocument } from '@livevote/contracts';
import { portalLanguage, type PortalReader } from '../common/reader-language';
import { isUuid } from '../common/ids';
import { AppConfig } from '../config/app-config';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import type { VoterPrincipal } from '../identity/voter-principal';
import { DocumentStorage } from './document-storage';
import { DocumentErrorCode, DocumentException } from './documents.exception';
import { downloadHeaders } from './documents.mapper';
import { DocumentsRepository } from './documents.repository';
import type { DocumentDownload } from './documents.service';

/**
 * The meeting's documents for its voters (docs/hybrid-meetings.md, "Documents"): listed and
 * downloaded with the voter token, never the scans of paper proxies; another meeting's voter
 * gets a 404.
 */
@Injectable()
export class PortalDocumentsService {
  constructor(
    private readonly meetings: MeetingAccessService,
    private readonly documents: DocumentsRepository,
    private readonly storage: DocumentStorage,
    private readonly config: AppConfig,
  ) {}

  /**
   * The documents for the voter's language: those for every reader and those of that
   * language, titled in it (docs/i18n.md, "Meeting content in two languages").
   */
  async list(
    voter: VoterPrincipal,
    shortCode: string,
    reader: PortalReader,
  ): Promise<PortalDocument[]> {
    const meeting = await this.ownMeeting(voter, shortCode);
    const language = portalLanguage(reader, meeting);
    const rows = await this.documents.listForVoters(meeting.id);
    return rows
      .filter((row) => row.language === null || row.language === language)
      .map((row) => ({
        key: row.id,
        name: translatedText(row, row.translations, language, 'name'),
        size: row.size,
        contentType: row.contentType,
        url: `${this.config.publicUrl}/portal/v1/Meetings/${meeting.shortCode}/documents/${row.id}`,
        createdAt: row.createdAt.toISOString(),
      }));
  }

  async download(
    voter: VoterPrincipal,
    shortCode: string,
    documentKey: string,
  ): Promise<DocumentDownload> {
    const meeting = await this.ownMeeting(voter, shortCode);
    const row = isUuid(documentKey)
      ? await this.documents.findForVoters(meeting.id, documentKey)
      : undefined;
    const content = row ? await this.storage.open(row.storageKey) : null;
    if (!row || !content)
      throw new DocumentException(DocumentErrorCode.DocumentNotFound);
    return {
      stream: content.stream,
      headers: {
        ...downloadHeaders({
          name: row.name,
          contentType: row.contentType,
          size: content.size,
          remainingSeconds: 0,
        }),
        'Cache-Control': 'private, no-store',
      },
    };
  }

  private async ownMeeting(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<MeetingRow> {
    const meeting = await this.meetings.byShortCode(shortCode);
    if (!meeting || meeting.id !== voter.meetingId)
      throw new DocumentException(DocumentErrorCode.DocumentNotFound);
    return meeting;
  }
}
