import { Injectable } from '@nestjs/common';
import { PARTNER_SCOPE } from '@livevote/contracts';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { AuthException } from '../identity/auth.exception';
import { AuthRateLimitService } from '../identity/auth-rate-limit.service';
import { CredentialsService } from '../identity/credentials.service';
import { PartnerClientsService } from './partner-clients.service';
import { PartnerGrantsRepository } from './partner-grants.repository';
import {
  AUTHORIZATION_CODE_TTL_SECONDS,
  CODE_CHALLENGE,
  hashToken,
  newAuthorizationCode,
} from './partner-tokens';
import { withParams } from './redirect-uris';

/** An authorization request that passed every check: what the form carries along. */
export interface AuthorizeRequest {
  clientId: string;
  clientName: string;
  redirectUri: string;
  scope: string;
  state?: string;
  codeChallenge?: string;
}

export type AuthorizeOutcome =
  | { kind: 'error-page'; status: number; message: string }
  | { kind: 'redirect'; location: string }
  | {
      kind: 'form';
      status: number;
      request: AuthorizeRequest;
      email?: string;
      error?: string;
      headers?: Record<string, string>;
    };

const MAX_PARAM = 2048;
const SCOPES = new Set(['read', PARTNER_SCOPE]);

/** A request parameter: a single string, absent, or (repeated, wrong type) invalid. */
function param(
  source: Record<string, unknown>,
  name: string,
): string | undefined | null {
  const value = source[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > MAX_PARAM) return null;
  return value;
}

/** The permission page (docs/partners.md): the request's checks, the customer's sign-in, and the code. */
@Injectable()
export class PartnerAuthorizeService {
  constructor(
    private readonly clients: PartnerClientsService,
    private readonly grants: PartnerGrantsRepository,
    private readonly credentials: CredentialsService,
    private readonly limiter: AuthRateLimitService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** GET: the sign-in and consent form, or why not. */
  async start(query: Record<string, unknown>): Promise<AuthorizeOutcome> {
    const checked = await this.check(query);
    if ('kind' in checked) return checked;
    return { kind: 'form', status: 200, request: checked };
  }

  /** POST (CSRF already checked): deny, or sign in and approve. */
  async decide(
    body: Record<string, unknown>,
    clientIp: string,
  ): Promise<AuthorizeOutcome> {
    const checked = await this.check(body);
    if ('kind' in checked) return checked;
    const request = checked;
    const action = param(body, 'action');
    if (action === 'deny')
      return this.redirectError(
        request,
        'access_denied',
        'The customer denied access.',
      );
    if (action !== 'approve')
      return {
        kind: 'error-page',
        status: 400,
        message: 'Choose Allow or Deny.',
      };
    const email = param(body, 'email');
    const password = param(body, 'password');
    const code = param(body, 'totp');
    const form = (
      status: number,
      error: string,
      headers?: Record<string, string>,
    ): AuthorizeOutcome => ({
      kind: 'form',
      status,
      request,
      email: email ?? undefined,
      error,
      headers,
    });
    if (!email || !password)
      return form(400, 'Enter your e-mail and password.');
    try {
      await this.limiter.consume(clientIp, email);
    } catch (error) {
      if (error instanceof AuthException && error.status === 429)
        return form(
          429,
          'Too many sign-in attempts. Wait a minute and try again.',
          error.headers,
        );
      throw error;
    }
    const user = await this.credentials.check(email, password, code);
    if (user === 'mfa_required')
      return form(401, 'Enter the 6-digit code from your authenticator app.');
    if (!user)
      return form(401, 'The e-mail, password or one-time code is not correct.');
    return {
      kind: 'redirect',
      location: await this.issueCode(request, user.id),
    };
  }

  private async issueCode(
    request: AuthorizeRequest,
    userId: string,
  ): Promise<string> {
    const code = newAuthorizationCode();
    const now = this.clock.now();
    await this.unitOfWork.run(() =>
      this.grants.insertCode({
        codeHash: hashToken(code),
        clientId: request.clientId,
        userId,
        redirectUri: request.redirectUri,
        scope: PARTNER_SCOPE,
        codeChallenge: request.codeChallenge ?? null,
        expiresAt: new Date(
          now.getTime() + AUTHORIZATION_CODE_TTL_SECONDS * 1000,
        ),
        createdAt: now,
      }),
    );
    return withParams(request.redirectUri, { code, state: request.state });
  }

  /**
   * Client and redirect URI first: until both are known good, errors are a page and never a
   * redirect (no open redirector). After that, errors go back to the client (RFC 6749 4.1.2.1).
   */
  private async check(
    source: Record<string, unknown>,
  ): Promise<AuthorizeRequest | AuthorizeOutcome> {
    const clientId = param(source, 'client_id');
    const redirectUri = param(source, 'redirect_uri');
    if (!clientId)
      return this.errorPage('The request names no valid client_id.');
    const client = await this.clients.find(clientId);
    if (!client)
      return this.errorPage(
        'The application asking for access is not registered.',
      );
    if (!redirectUri || !client.redirectUris.includes(redirectUri))
      return this.errorPage(
        'The redirect_uri is missing or not registered for this application.',
      );
    const state = param(source, 'state');
    const base: AuthorizeRequest = {
      clientId: client.id,
      clientName: client.name,
      redirectUri,
      scope: PARTNER_SCOPE,
      state: state ?? undefined,
    };
    if (state === null)
      return this.redirectError(
        { ...base, state: undefined },
        'invalid_request',
        'state is repeated or too long.',
      );
    const responseType = param(source, 'response_type');
    if (responseType === null || responseType === undefined)
      return this.redirectError(
        base,
        'invalid_request',
        'response_type is required.',
      );
    if (responseType !== 'code')
      return this.redirectError(
        base,
        'unsupported_response_type',
        'Only response_type=code is supported.',
      );
    const scope = param(source, 'scope');
    if (scope === null)
      return this.redirectError(base, 'invalid_request', 'scope is repeated.');
    if (scope !== undefined && !scope.split(' ').every((s) => SCOPES.has(s)))
      return this.redirectError(
        base,
        'invalid_scope',
        'The only scope is read.',
      );
    const challenge = param(source, 'code_challenge');
    const method = param(source, 'code_challenge_method');
    if (challenge === null || method === null)
      return this.redirectError(
        base,
        'invalid_request',
        'code_challenge or code_challenge_method is repeated.',
      );
    if (challenge !== undefined || method !== undefined) {
      if (method !== 'S256')
        return this.redirectError(
          base,
          'invalid_request',
          'PKCE needs code_challenge_method=S256 (plain is not accepted).',
        );
      if (!challenge || !CODE_CHALLENGE.test(challenge))
        return this.redirectError(
          base,
          'invalid_request',
          'code_challenge must be the 43-character base64url S256 challenge.',
        );
      base.codeChallenge = challenge;
    }
    return base;
  }

  private errorPage(message: string): AuthorizeOutcome {
    return { kind: 'error-page', status: 400, message };
  }

  private redirectError(
    request: AuthorizeRequest,
    error: string,
    description: string,
  ): AuthorizeOutcome {
    return {
      kind: 'redirect',
      location: withParams(request.redirectUri, {
        error,
        error_description: description,
        state: request.state,
      }),
    };
  }
}
