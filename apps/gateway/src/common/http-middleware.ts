import { randomUUID } from 'node:crypto';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { ApiException } from './api-exception';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives every request a correlation id (the caller's X-Request-Id when it is sane). */
export function correlationId(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

export interface BodyLimits {
  /** Paths (prefix match) that also take application/x-www-form-urlencoded. */
  formPaths: string[];
  /** Paths (suffix regex) that take text/csv. */
  csvPaths: RegExp[];
  /** Paths that parse their own body (multipart uploads). */
  rawPaths: RegExp[];
  /** OAuth endpoints: an unreadable body is an RFC 6749 invalid_request, not problem details. */
  oauthPaths?: string[];
}

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  formPaths: ['/papi/v1/oauth/token', '/login/oauth/authorize'],
  csvPaths: [/\/members\/import$/],
  rawPaths: [/\/documents\/upload$/],
  oauthPaths: ['/papi/v1/oauth/token'],
};

/**
 * Body parsing: JSON up to 1 MiB everywhere, forms and CSV only where an endpoint takes them.
 * A body of any other type is a 415, so nothing reaches a controller unparsed.
 */
export function bodyParsers(
  limits: BodyLimits = DEFAULT_BODY_LIMITS,
): RequestHandler[] {
  const json = express.json({
    limit: '1mb',
    type: ['application/json', 'application/*+json'],
    strict: true,
  });
  const form = express.urlencoded({ extended: false, limit: '64kb' });
  const csv = express.text({ type: ['text/csv', 'text/plain'], limit: '10mb' });
  const onlyFor =
    (
      handler: RequestHandler,
      matches: (path: string) => boolean,
    ): RequestHandler =>
    (req, res, next) =>
      matches(req.path) ? handler(req, res, next) : next();
  const refuseUnparsed: RequestHandler = (req, _res, next) => {
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 ||
      req.headers['transfer-encoding'] !== undefined;
    const parsed = req.body !== undefined;
    if (!hasBody || parsed || limits.rawPaths.some((re) => re.test(req.path)))
      return next();
    next(
      new ApiException(
        415,
        'unsupported_media_type',
        `Content-Type ${req.headers['content-type'] ?? '(none)'} is not accepted here.`,
      ),
    );
  };
  const isOAuth = (path: string) =>
    (limits.oauthPaths ?? []).some(
      (prefix) => path === prefix || path === `${prefix}/`,
    );
  const oauthErrors =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      handler(req, res, (error?: unknown) => {
        if (error === undefined || !isOAuth(req.path)) return next(error);
        const detail =
          error instanceof ApiException
            ? error.message
            : (error as { type?: unknown }).type === 'entity.too.large'
              ? 'The request body is too large.'
              : 'The request body could not be read.';
        res
          .status(400)
          .setHeader('Cache-Control', 'no-store')
          .json({ error: 'invalid_request', error_description: detail });
      });
  return [
    oauthErrors(json),
    oauthErrors(
      onlyFor(form, (path) =>
        limits.formPaths.some(
          (prefix) => path === prefix || path === `${prefix}/`,
        ),
      ),
    ),
    onlyFor(csv, (path) => limits.csvPaths.some((re) => re.test(path))),
    oauthErrors(refuseUnparsed),
  ];
}
