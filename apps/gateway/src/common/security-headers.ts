import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { contentSecurityPolicy } from 'helmet';

type ContentSecurityPolicyOptions = NonNullable<
  Parameters<typeof contentSecurityPolicy>[0]
>;
export type PageDirectives = NonNullable<
  ContentSecurityPolicyOptions['directives']
>;

/**
 * The headers of every answer (docs/security.md): no sniffing, no referrer (invite, screen and
 * unsubscribe tokens travel in page URLs), never framed. Each kind of page adds its own
 * Content-Security-Policy with `pagePolicy`. No Strict-Transport-Security: the gateway speaks
 * plain HTTP to whatever ends TLS in front of it (docs/deployment.md), and that owns the header.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    // a meeting's own portal host (<shortCode>.<PORTAL_HOST>) is the same site
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
}

/** Sets a page kind's Content-Security-Policy on one answer. */
export type PagePolicy = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A page kind's Content-Security-Policy, built once. A directive may be a function of the
 * answer (the permission page's form target); an invalid value throws.
 */
export function pagePolicy(directives: PageDirectives): PagePolicy {
  const middleware = contentSecurityPolicy({ useDefaults: false, directives });
  return (req, res) =>
    middleware(req, res, (error?: unknown) => {
      if (error) throw error;
    });
}

/** A page that asks nothing of the browser but to stay out of frames (the console). */
export const noDefaultSrc: typeof contentSecurityPolicy.dangerouslyDisableDefaultSrc =
  contentSecurityPolicy.dangerouslyDisableDefaultSrc;
