import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
import {
  renderAuthorizeForm,
  setPageHeaders,
  renderErrorPage,
} from './authorize-page';
import type { AuthorizeOutcome } from './partner-authorize.service';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Sends what the permission flow decided: a page or a redirect, always with the page's
 * security headers. Its form carries a csrf-csrf double-submit token (HMAC-signed, bound to
 * the client and redirect URI, its twin in an HttpOnly SameSite=Strict cookie).
 */
@Injectable()
export class AuthorizePageResponder {
  private readonly csrf: DoubleCsrfUtilities;

  constructor(config: AppConfig) {
    const secure = config.publicUrl.startsWith('https:');
    const secret = createHmac('sha256', config.jwtSecret)
      .update('partner-authorize-csrf')
      .digest('hex');
    this.csrf = doubleCsrf({
      getSecret: () => secret,
      getSessionIdentifier: (req) => {
        const source = (req.method === 'GET' ? req.query : req.body) as
          Record<string, unknown> | undefined;
        return `${text(source?.client_id)} ${text(source?.redirect_uri)}`;
      },
      cookieName: secure ? '__Host-lv-authorize-csrf' : 'lv-authorize-csrf',
      cookieOptions: { sameSite: 'strict', path: '/', secure, httpOnly: true },
      getCsrfTokenFromRequest: (req) =>
        text((req.body as Record<string, unknown> | undefined)?._csrf),
    });
  }

  csrfValid(req: Request): boolean {
    return this.csrf.validateRequest(req);
  }

  send(req: Request, res: Response, outcome: AuthorizeOutcome): void {
    switch (outcome.kind) {
      case 'redirect':
        setPageHeaders(req, res);
        res.status(302).setHeader('Location', outcome.location).end();
        return;
      case 'error-page':
        setPageHeaders(req, res);
        res
          .status(outcome.status)
          .type('html')
          .send(renderErrorPage(outcome.message));
        return;
      case 'form': {
        const csrfToken = this.csrf.generateCsrfToken(req, res);
        setPageHeaders(req, res, outcome.request.redirectUri);
        res
          .status(outcome.status)
          .set(outcome.headers ?? {})
          .type('html')
          .send(
            renderAuthorizeForm({
              request: outcome.request,
              csrfToken,
              email: outcome.email,
              error: outcome.error,
            }),
          );
        return;
      }
    }
  }
}

export const CSRF_REJECTED: AuthorizeOutcome = {
  kind: 'error-page',
  status: 403,
  message:
    'This form has expired or was not sent from this page (CSRF check failed). Nothing was granted.',
};
