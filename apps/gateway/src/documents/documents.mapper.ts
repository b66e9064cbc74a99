import type { MeetingDocument, UploadedDocument } from '@livevote/contracts';
import { attachmentDisposition } from './document-files';
import type { DocumentRow } from './documents.repository';

export function mapDocument(row: DocumentRow, url: string): MeetingDocument {
  return {
    key: row.id,
    document: { Key: row.storageKey, name: row.name, size: row.size, url },
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
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Referrer-Policy': 'no-referrer',
  };
}
