import { Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { AppConfig } from '../config/app-config';

const DAY_MS = 86_400_000;
const PLAIN_NAME = 'lv-refresh';
/** `__Secure-` tells the browser to take it over https only; `__Host-` would need Path=/. */
const SECURE_NAME = '__Secure-lv-refresh';

type CookieRequest = Request & { cookies?: Record<string, unknown> };

/**
 * The browser's refresh token (docs/security.md, "Browser sessions"): httpOnly, SameSite=Strict,
 * Secure when the console is served over https, sent back to /auth only. Every tab of the
 * browser shares it, so one sign-in serves them all.
 */
@Injectable()
export class SessionCookie {
  constructor(private readonly config: AppConfig) {}

  read(request: CookieRequest): string | undefined {
    const cookies = request.cookies ?? {};
    for (const name of [SECURE_NAME, PLAIN_NAME]) {
      const value = cookies[name];
      if (typeof value === 'string' && value && value.length <= 512)
        return value;
    }
    return undefined;
  }

  set(request: Request, response: Response, token: string): void {
    const secure = this.secure(request);
    response.cookie(secure ? SECURE_NAME : PLAIN_NAME, token, {
      ...this.options(secure),
      maxAge: this.config.auth.refreshTokenTtlDays * DAY_MS,
    });
  }

  clear(request: Request, response: Response): void {
    const secure = this.secure(request);
    response.clearCookie(
      secure ? SECURE_NAME : PLAIN_NAME,
      this.options(secure),
    );
  }

  private options(secure: boolean): CookieOptions {
    return { httpOnly: true, sameSite: 'strict', secure, path: '/auth' };
  }

  private secure(request: Request): boolean {
    return request.secure || this.config.publicUrl.startsWith('https:');
  }
}
