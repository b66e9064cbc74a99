import type { IncomingMessage } from 'node:http';
import type { Options } from 'pino-http';

/** The URL without its query string: unsubscribe, screen and download links carry their credential there. */
export function withoutQuery(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : `${url.slice(0, at)}?[redacted]`;
}

interface SerializedRequest {
  url?: string;
  query?: unknown;
  headers?: Record<string, unknown>;
}

/**
 * The level of a request's line: `debug`, so the default `info` start is quiet and
 * LOG_LEVEL=debug shows every request; a server error (5xx) stays an `error`.
 */
export function requestLevel(
  statusCode: number,
  error?: Error,
): 'debug' | 'error' {
  return error || statusCode >= 500 ? 'error' : 'debug';
}

/**
 * pino-http options for the request log: no query strings (in `url`, `query` or the Referer),
 * no Authorization, cookies or redirect targets (which carry OAuth codes).
 */
export function requestLogOptions(level: string): Options {
  return {
    level,
    customLogLevel: (_req, res, error) => requestLevel(res.statusCode, error),
    genReqId: (req: IncomingMessage) =>
      (req as { id?: string }).id ?? 'unknown',
    customAttributeKeys: { reqId: 'correlationId' },
    serializers: {
      req: (req: SerializedRequest) => {
        if (typeof req.url === 'string') req.url = withoutQuery(req.url);
        req.query = undefined;
        const referer = req.headers?.referer;
        if (typeof referer === 'string')
          req.headers = { ...req.headers, referer: withoutQuery(referer) };
        return req;
      },
    },
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["proxy-authorization"]',
      'res.headers.location',
      'res.headers["set-cookie"]',
    ],
    autoLogging: {
      ignore: (req) => {
        const path = (req.url ?? '').split('?')[0];
        return path === '/healthz' || path === '/metrics';
      },
    },
  };
}
