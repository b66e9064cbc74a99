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
  /** Paths (prefix match) whose JSON body is also kept as received, in `req.rawBody` (signed webhooks). */
  rawJsonPaths?: string[];
}

/** The bytes of a JSON body as received, where a signature covers them (`rawJsonPaths`). */
export type RawBodyRequest = Request & { rawBody?: Buffer };

/** How deeply a JSON body may nest objects and arrays (serialising deeper ones overflows the stack). */
export const MAX_JSON_DEPTH = 32;

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  formPaths: ['/papi/v1/oauth/token', '/login/oauth/authorize'],
  csvPaths: [/\/members\/import$/],
  rawPaths: [/\/documents\/upload$/],
  oauthPaths: ['/papi/v1/oauth/token'],
  rawJsonPaths: ['/webhooks/'],
};

/**
 * Body parsing: JSON up to 1 MiB everywhere, forms and CSV only where an endpoint takes them.
 * A body of any other type is a 415, so nothing reaches a controller unparsed.
 */
export function bodyParsers(
  limits: BodyLimits = DEFAULT_BODY_LIMITS,
): RequestHandler[] {
  const rawJsonPaths = limits.rawJsonPaths ?? [];
  const json = express.json({
    limit: '1mb',
    type: ['application/json', 'application/*+json'],
    strict: true,
    verify: (req, _res, buffer) => {
      const url = req.url ?? '';
      if (rawJsonPaths.some((prefix) => url.startsWith(prefix)))
        (req as RawBodyRequest).rawBody = buffer;
    },
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
      new ApiException(415, 'unsupported_media_type', {
        values: { contentType: req.headers['content-type'] ?? '(none)' },
      }),
    );
  };
  const oauthErrors = oauthErrorsFor(limits.oauthPaths ?? []);
  return [
    oauthErrors(json),
    oauthErrors(jsonBodyBounds(MAX_JSON_DEPTH)),
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

/** On the OAuth endpoints, a refused request is an RFC 6749 invalid_request, not problem details. */
function oauthErrorsFor(
  oauthPaths: string[],
): (handler: RequestHandler) => RequestHandler {
  const isOAuth = (path: string) =>
    oauthPaths.some((prefix) => path === prefix || path === `${prefix}/`);
  return (handler) => (req, res, next) =>
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
}

/**
 * The first problem of a parsed JSON body: a value nested deeper than `maxDepth`, or a NUL
 * character in a string or key (PostgreSQL refuses NUL in text and jsonb). Iterative, so any
 * depth is safe to inspect.
 */
export function jsonBodyProblem(
  value: unknown,
  maxDepth: number,
): { path: string; message: string } | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, path } = item;
    if (typeof current === 'string' && current.includes('\u0000'))
      return { path: path.join('.'), message: 'Contains a NUL character.' };
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= maxDepth)
      return {
        path: path.join('.'),
        message: `Nested more than ${maxDepth} levels deep.`,
      };
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000'))
        return {
          path: [...path, key.replaceAll('\u0000', '')].join('.'),
          message: 'A key contains a NUL character.',
        };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** A JSON body nested too deep or holding a NUL is a 400 before any schema or serialiser sees it. */
function jsonBodyBounds(maxDepth: number): RequestHandler {
  return (req, _res, next) => {
    const problem = jsonBodyProblem(req.body, maxDepth);
    if (!problem) return next();
    next(
      new ApiException(
        400,
        'validation_failed',
        `The request body is not valid: ${problem.message}`,
        {},
        [problem],
      ),
    );
  };
}

/** C0 controls, DEL, and a high surrogate not followed by a low one or a low one alone. */
const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Refuses, before routing, a path segment or query parameter that does not decode or decodes
 * to a control character (C0, DEL) or a lone surrogate: no identifier, name or token holds
 * one, and PostgreSQL refuses NUL bytes with an error.
 */
export function urlGuard(
  oauthPaths: string[] = DEFAULT_BODY_LIMITS.oauthPaths ?? [],
): RequestHandler {
  const refuse = (where: string, detail: string) =>
    new ApiException(400, 'invalid_url', detail, {}, [
      {
        path: where,
        message:
          'Malformed percent-encoding, a control character or a lone surrogate.',
      },
    ]);
  const check: RequestHandler = (req, _res, next) => {
    const url = req.originalUrl ?? req.url;
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    for (const segment of path.split('/')) {
      const text = decoded(segment);
      if (text === null || unsafeText(text))
        return next(refuse('path', 'The URL path is not valid.'));
    }
    if (queryAt < 0) return next();
    for (const pair of url.slice(queryAt + 1).split('&')) {
      const [rawName, ...rest] = pair.replace(/\+/g, ' ').split('=');
      const name = decoded(rawName);
      const value = decoded(rest.join('='));
      if (
        name === null ||
        value === null ||
        unsafeText(name) ||
        unsafeText(value)
      )
        return next(
          refuse(
            `query.${name !== null && !unsafeText(name) ? name : '?'}`,
            'A query parameter is not valid.',
          ),
        );
    }
    next();
  };
  return oauthErrorsFor(oauthPaths)(check);
}
