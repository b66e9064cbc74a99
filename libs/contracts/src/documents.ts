import { z } from 'zod';
import { IsoDateTime, LanguageCode } from './common';
import { translationsOf } from './translations';

/** Upload limit of one document (docs/decisions.md, "Documents and webcast"). */
export const MAX_DOCUMENT_SIZE = 25 * 1024 * 1024;

/** Answer of `POST .../documents/upload`: where the bytes are, to register them next. */
export const UploadedDocument = z.strictObject({
  Key: z.string(),
  name: z.string(),
  size: z.number(),
});
export type UploadedDocument = z.infer<typeof UploadedDocument>;

const DocumentName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^\P{Cc}*$/u, 'No control characters.');

/** A document's title in the meeting's other languages (docs/i18n.md). */
export const DocumentTranslations = translationsOf({ name: DocumentName });
export type DocumentTranslations = z.infer<typeof DocumentTranslations>;

export const RegisterDocumentRequest = z.strictObject({
  Key: z.string().min(1).max(200),
  name: DocumentName,
  size: z.number().int().min(0).max(MAX_DOCUMENT_SIZE),
  /** Listed for the meeting's voters in the portal (default true); false for a proxy's scan. */
  forVoters: z.boolean().optional(),
  translations: DocumentTranslations.optional(),
  /** For readers of one language only (a document per language); null or absent: for all. */
  language: LanguageCode.nullable().optional(),
});
export type RegisterDocumentRequest = z.infer<typeof RegisterDocumentRequest>;

/** A document of a meeting (`document.Key` with a capital K, as clients expect it). */
export const MeetingDocument = z.strictObject({
  key: z.string(),
  document: z.strictObject({
    Key: z.string(),
    name: z.string(),
    size: z.number(),
    url: z.string(),
  }),
  translations: DocumentTranslations,
  /** For readers of this language only; null: for all. */
  language: LanguageCode.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type MeetingDocument = z.infer<typeof MeetingDocument>;

export const MeetingDocumentList = z.array(MeetingDocument);

/** Query of a signed download link; anything wrong in it is a 403 at the gateway. */
export const DocumentDownloadQuery = z.object({
  expires: z.string().max(32).optional(),
  sig: z.string().max(128).optional(),
});
export type DocumentDownloadQuery = z.infer<typeof DocumentDownloadQuery>;
