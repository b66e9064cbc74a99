import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import {
  chooseLanguage,
  parseAcceptLanguage,
  type Language,
} from '@livevote/i18n';

/** A request a guard may have marked with its reader's own language (a portal voter's). */
export interface ReaderRequest {
  /** The voter's own `language`, when the request carries a voter token and one is set. */
  readerLanguage?: Language | null;
}

/** The language tags of an `Accept-Language` header (one or several), best first. */
export function acceptedLanguages(
  header: string | string[] | undefined,
): string[] {
  return parseAcceptLanguage(Array.isArray(header) ? header.join(',') : header);
}

/**
 * The language a problem is told in (docs/i18n.md): the voter's own preference, else the
 * first language of `Accept-Language` we speak, else English.
 */
export function readerLanguage(
  preference: Language | null | undefined,
  acceptLanguage: string | string[] | undefined,
): Language {
  return chooseLanguage({
    preference,
    browser: acceptedLanguages(acceptLanguage),
  });
}

/** The language of a request's reader: its voter's own, else its `Accept-Language`'s. */
export function requestLanguage(request: Request & ReaderRequest): Language {
  return readerLanguage(
    request.readerLanguage,
    request.headers['accept-language'],
  );
}

/** The language of the request's reader, for answers that carry words (receipts). */
export const ReaderLanguage = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Language =>
    requestLanguage(
      context.switchToHttp().getRequest<Request & ReaderRequest>(),
    ),
);

/**
 * Who reads a portal answer (docs/i18n.md, "Meeting content in two languages"): the voter's
 * own language when the guard found one, and the languages of `Accept-Language`; the answer
 * takes the first of these we speak, else the meeting's primary.
 */
export interface PortalReader {
  preference: Language | null;
  browser: string[];
}

export function portalReaderOf(request: Request & ReaderRequest): PortalReader {
  return {
    preference: request.readerLanguage ?? null,
    browser: acceptedLanguages(request.headers['accept-language']),
  };
}

/** The portal's reader of this request (see {@link PortalReader}). */
export const PortalReaderOf = createParamDecorator(
  (_data: unknown, context: ExecutionContext): PortalReader =>
    portalReaderOf(
      context.switchToHttp().getRequest<Request & ReaderRequest>(),
    ),
);

/** The language a portal answer is in: the reader's, else the meeting's primary. */
export function portalLanguage(
  reader: PortalReader,
  meeting: { language: Language },
  preference: Language | null = reader.preference,
): Language {
  return chooseLanguage({
    preference,
    browser: reader.browser,
    meeting: meeting.language,
  });
}
