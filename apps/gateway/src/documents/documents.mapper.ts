import type { MeetingDocument, UploadedDocument } from '@livevote/contracts';
import { pagePolicy } from '../common/security-headers';
import { attachmentDisposition } from './document-files';
import type { DocumentRow } from './documents.repository';

export function mapDocument(row: DocumentRow, url: string): MeetingDocument {
  return {
    key: row.id,
    document: { Key: row.storageKey, name: row.name, size: row.size, url },
    translations: row.translations,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function mapUpload(
  Key: string,
  name: string,
  size: number,
): UploadedDocument {
  return { Key, name, size };
}

export interface DocumentDownloadInfo {
  name: string;
  contentType: string;
  size: number;
  remainingSeconds: number;
}

/** Headers of a download: the bytes are always an attachment, never rendered by us. */
export function downloadHeaders(
  download: DocumentDownloadInfo,
): Record<string, string> {
  return {
    'Content-Type': download.contentType,
    'Content-Length': String(download.size),
    'Content-Disposition': attachmentDisposition(download.name),
    'Cache-Control': `private, max-age=${download.remainingSeconds}`,
  };
}

/** A download opened in a tab runs nothing and reaches nothing. */
export const downloadPolicy = pagePolicy({
  defaultSrc: ["'none'"],
  sandbox: [],
});
