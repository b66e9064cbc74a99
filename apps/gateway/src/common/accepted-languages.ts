import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { parseAcceptLanguage } from '@livevote/i18n';

/**
 * The language tags of the request's `Accept-Language`, best first: for answers that
 * carry a meeting's own texts to a reader with no language of its own on record (a proxy
 * holder's page); the meeting's primary comes after them (docs/i18n.md).
 */
export const AcceptedLanguages = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string[] => {
    const header = context.switchToHttp().getRequest<Request>().headers[
      'accept-language'
    ];
    return parseAcceptLanguage(
      Array.isArray(header) ? header.join(',') : header,
    );
  },
);
