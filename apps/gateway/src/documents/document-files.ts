import { randomUUID } from 'node:crypto';
import { isUuid } from '../common/ids';

/** A new storage key scoped to the meeting; never derived from anything a client sent. */
export function newDocumentKey(meetingId: string): string {
  return `${meetingId}/${randomUUID()}`;
}

/** The parts of a storage key, or null when it is not one (any other shape, traversal, case). */
export function parseDocumentKey(
  key: string,
): { meetingId: string; objectId: string } | null {
  const parts = key.split('/');
  if (parts.length !== 2) return null;
  const [meetingId, objectId] = parts;
  if (!isUuid(meetingId) || !isUuid(objectId)) return null;
  if (key !== key.toLowerCase()) return null;
  return { meetingId, objectId };
}

const MAX_NAME_LENGTH = 255;

/**
 * A client's file name made safe to store and show: the last path segment only, no control
 * characters, trimmed, at most 255 characters; "document" when nothing is left.
 */
export function sanitizeFileName(raw: string | undefined): string {
  const lastSegment = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/\p{Cc}|\p{Cf}/gu, '')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, MAX_NAME_LENGTH)
    .trim();
  return cleaned || 'document';
}

const MIME_TYPE =
  /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The upload's media type when it is a plain `type/subtype`, otherwise octet-stream. */
export function safeContentType(raw: string | undefined): string {
  const type = (raw ?? '').trim().toLowerCase();
  return MIME_TYPE.test(type) ? type : 'application/octet-stream';
}

/** `attachment` with an ASCII fallback name and the exact name per RFC 6266 / RFC 8187. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
