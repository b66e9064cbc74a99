import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import express, { type RequestHandler } from 'express';
import { noDefaultSrc, pagePolicy } from '../common/security-headers';

/** apps/console/dist, seen from apps/gateway/{src,dist}/console. */
export const DEFAULT_CONSOLE_DIR = resolve(__dirname, '../../../console/dist');

const API_PREFIXES = [
  '/v1',
  '/auth',
  '/papi',
  '/portal',
  '/login',
  '/docs',
  '/files',
  '/socket.io',
  '/healthz',
  '/readyz',
  '/metrics',
];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  );
}

/** The last path segment has an extension: a file, never a client-side route. */
const FILE_PATH = /\/[^/]*\.[A-Za-z0-9]+$/;

const consolePagePolicy = pagePolicy({
  defaultSrc: noDefaultSrc,
  frameAncestors: ["'none'"],
});

/**
 * The built console at `/`: its files, and index.html for any other GET that is not an API
 * route (client-side routes such as /vote/abc). Nothing when the console has not been built.
 */
export function consoleHandlers(
  dir: string = DEFAULT_CONSOLE_DIR,
): RequestHandler[] {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return [];
  const assets = join(dir, 'assets') + sep;
  const files = express.static(dir, {
    index: false,
    setHeaders: (res, path) => {
      // Vite puts a content hash in every asset name
      res.setHeader(
        'Cache-Control',
        path.startsWith(assets)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  const staticFiles: RequestHandler = (req, res, next) =>
    isApiPath(req.path) || req.path === '/' || req.path === '/index.html'
      ? next()
      : files(req, res, next);
  const page: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const isFile = FILE_PATH.test(req.path) && req.path !== '/index.html';
    if (isApiPath(req.path) || isFile) return next();
    res.setHeader('Cache-Control', 'no-cache');
    consolePagePolicy(req, res);
    res.sendFile(index, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
  return [staticFiles, page];
}
