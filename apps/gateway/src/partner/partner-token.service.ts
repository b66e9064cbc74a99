import { Injectable } from '@nestjs/common';
import {
  PARTNER_SCOPE,
  type PartnerTokenRequest,
  type PartnerTokenResponse,
} from '@livevote/contracts';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { OAuthErrorCode, OAuthException } from './oauth.exception';
import { PartnerClientsService } from './partner-clients.service';
import { PartnerGrantsRepository } from './partner-grants.repository';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  CODE_VERIFIER,
  hashToken,
  newAccessToken,
  newRefreshToken,
  pkceMatches,
  REFRESH_TOKEN_TTL_DAYS,
} from './partner-tokens';

type GrantType = 'authorization_code' | 'refresh_token';

/** Failures found inside a transaction that must still commit (revocations). */
type Outcome = PartnerTokenResponse | OAuthException;

const DAY_MS = 86_400_000;

const invalidGrant = (description: string) =>
  new OAuthException(OAuthErrorCode.InvalidGrant, description);

/** The token endpoint: code exchange (with PKCE) and refresh-token rotation with reuse detection. */
@Injectable()
export class PartnerTokenService {
  constructor(
    private readonly clients: PartnerClientsService,
    private readonly grants: PartnerGrantsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async token(
    body: PartnerTokenRequest,
    queryGrantType: unknown,
    authorization: string | undefined,
    clientIp: string,
  ): Promise<PartnerTokenResponse> {
    const params = withoutEmpty(body);
    const grantType = this.grantType(params, queryGrantType);
    const client = await this.clients.authenticate({
      authorization,
      clientId: params.client_id,
      clientSecret: params.client_secret,
      clientIp,
    });
    const outcome =
      grantType === 'authorization_code'
        ? await this.exchangeCode(client.id, params)
        : await this.refresh(client.id, params);
    if (outcome instanceof OAuthException) throw outcome;
    return outcome;
  }

  /** Spec: `?grant_type=refresh`; RFC 6749: grant_type in the body; no grant_type: a code exchange. */
  private grantType(
    params: PartnerTokenRequest,
    queryGrantType: unknown,
  ): GrantType {
    if (queryGrantType !== undefined && typeof queryGrantType !== 'string')
      throw new OAuthException(
        OAuthErrorCode.InvalidRequest,
        'grant_type is repeated in the query.',
      );
    const fromQuery = queryGrantType || undefined;
    if (fromQuery && params.grant_type && fromQuery !== params.grant_type)
      throw new OAuthException(
        OAuthErrorCode.InvalidRequest,
        'grant_type in the query and in the body differ.',
      );
    const requested = fromQuery ?? params.grant_type ?? 'authorization_code';
    switch (requested) {
      case 'authorization_code':
        return 'authorization_code';
      case 'refresh':
      case 'refresh_token':
        return 'refresh_token';
      default:
        throw new OAuthException(
          OAuthErrorCode.UnsupportedGrantType,
          'grant_type must be authorization_code or refresh_token (?grant_type=refresh).',
        );
    }
  }

  private async exchangeCode(
    clientId: string,
    params: PartnerTokenRequest,
  ): Promise<Outcome> {
    if (!params.code)
      throw new OAuthException(
        OAuthErrorCode.InvalidRequest,
        'code is required.',
      );
    if (
      params.code_verifier !== undefined &&
      !CODE_VERIFIER.test(params.code_verifier)
    )
      throw new OAuthException(
        OAuthErrorCode.InvalidRequest,
        'code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~].',
      );
    const code = params.code;
    return this.unitOfWork.run(async () => {
      const now = this.clock.now();
      const row = await this.grants.findCodeForUpdate(hashToken(code));
      if (!row || row.clientId !== clientId)
        return invalidGrant(
          'The authorization code is invalid, expired, used, or was issued to another client.',
        );
      if (row.usedAt) {
        // RFC 6749 section 4.1.2: a replayed code revokes what it issued.
        await this.grants.revokeGrantsOfCode(row.id, now);
        return invalidGrant(
          'The authorization code was already used; the tokens issued for it are revoked.',
        );
      }
      if (row.expiresAt <= now)
        return invalidGrant('The authorization code has expired.');
      if (
        params.redirect_uri !== undefined &&
        params.redirect_uri !== row.redirectUri
      )
        return invalidGrant(
          'redirect_uri differs from the one of the authorization request.',
        );
      if (row.codeChallenge) {
        if (!params.code_verifier)
          return invalidGrant(
            'code_verifier is required: the authorization request used PKCE.',
          );
        if (!pkceMatches(params.code_verifier, row.codeChallenge))
          return invalidGrant(
            'code_verifier does not match the code_challenge.',
          );
      } else if (params.code_verifier) {
        return invalidGrant(
          'code_verifier given, but the authorization request had no code_challenge.',
        );
      }
      await this.grants.markCodeUsed(row.id, now);
      const grantId = await this.grants.insertGrant({
        clientId,
        userId: row.userId,
        codeId: row.id,
        scope: row.scope,
        approvedAt: row.createdAt,
        createdAt: now,
      });
      return this.issue(grantId, now);
    });
  }

  private async refresh(
    clientId: string,
    params: PartnerTokenRequest,
  ): Promise<Outcome> {
    if (!params.refresh_token)
      throw new OAuthException(
        OAuthErrorCode.InvalidRequest,
        'refresh_token is required.',
      );
    const token = params.refresh_token;
    return this.unitOfWork.run(async () => {
      const now = this.clock.now();
      const row = await this.grants.findRefreshForUpdate(hashToken(token));
      if (!row || row.clientId !== clientId)
        return invalidGrant(
          'The refresh token is invalid, expired, revoked, or was issued to another client.',
        );
      if (row.revokedAt || row.approvedAt < row.passwordChangedAt)
        return invalidGrant('The grant of this refresh token was revoked.');
      if (row.rotatedAt) {
        // A rotated token presented again: it leaked, so the whole family goes.
        await this.grants.revokeGrant(row.grantId, now);
        return invalidGrant(
          'The refresh token was already used; every token of this grant is revoked.',
        );
      }
      if (row.expiresAt <= now)
        return invalidGrant('The refresh token has expired.');
      await this.grants.markRotated(row.id, now);
      return this.issue(row.grantId, now);
    });
  }

  private async issue(
    grantId: string,
    now: Date,
  ): Promise<PartnerTokenResponse> {
    const accessToken = newAccessToken();
    const refreshToken = newRefreshToken();
    await this.grants.insertTokens([
      {
        grantId,
        kind: 'access',
        tokenHash: hashToken(accessToken),
        expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
        createdAt: now,
      },
      {
        grantId,
        kind: 'refresh',
        tokenHash: hashToken(refreshToken),
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS),
        createdAt: now,
      },
    ]);
    return {
      access_token: accessToken,
      scope: PARTNER_SCOPE,
      token_type: 'bearer',
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
    };
  }
}

/** RFC 6749 section 3.1: a parameter sent without a value is treated as omitted. */
function withoutEmpty(body: PartnerTokenRequest): PartnerTokenRequest {
  return Object.fromEntries(
    Object.entries(body ?? {}).filter(([, value]) => value !== ''),
  ) as PartnerTokenRequest;
}
