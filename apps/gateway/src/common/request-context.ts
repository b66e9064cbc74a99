import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What a command may need to know of the request that caused it, without passing it down. */
export interface RequestContext {
  /** The client address as TRUST_PROXY reads it (docs/security.md). */
  clientIp: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Holds the request's context for everything that runs for it. Installed after the body
 * parsers: their stream callbacks would run outside it.
 */
export function requestContext(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) =>
    storage.run({ clientIp: req.ip ?? null }, next);
}

/** The context of the request being served, or null outside one (the CLI, timers). */
export function currentRequest(): RequestContext | null {
  return storage.getStore() ?? null;
}
