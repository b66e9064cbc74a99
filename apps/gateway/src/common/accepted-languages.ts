import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { acceptedLanguages } from './reader-language';

/**
 * The language tags of the request's `Accept-Language`, best first: for answers that
 * carry a meeting's own texts to a reader with no language of its own on record (a proxy
 * holder's page); the meeting's primary comes after them (docs/i18n.md).
 */
export const AcceptedLanguages = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string[] =>
    acceptedLanguages(
      context.switchToHttp().getRequest<Request>().headers['accept-language'],
    ),
);
