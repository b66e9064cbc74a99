import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  AuthRefreshResponse,
  AuthTokenRequest,
  AuthTokenResponse,
} from '@livevote/contracts';
import { AppConfig } from '../config/app-config';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { AccessTokensService } from './access-tokens.service';
import { AuthErrorCode, AuthException } from './auth.exception';
import { AuthRateLimitService } from './auth-rate-limit.service';
import { CredentialsService } from './credentials.service';
import { RefreshTokensRepository } from './refresh-tokens.repository';

const DAY_MS = 86_400_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class AuthService {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly accessTokens: AccessTokensService,
    private readonly limiter: AuthRateLimitService,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async signIn(
    request: AuthTokenRequest,
    clientIp: string,
  ): Promise<AuthTokenResponse> {
    await this.limiter.consume(clientIp, request.username);
    const user = await this.credentials.check(
      request.username,
      request.password,
      request.mfaToken,
    );
    if (user === 'mfa_required')
      throw new AuthException(AuthErrorCode.MfaRequired);
    if (!user) throw new AuthException(AuthErrorCode.InvalidCredentials);
    const refreshToken = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.unitOfWork.run(() =>
      this.refreshTokens.insert({
        userId: user.id,
        tokenHash: hashToken(refreshToken),
        expiresAt: new Date(
          now.getTime() + this.config.auth.refreshTokenTtlDays * DAY_MS,
        ),
        createdAt: now,
      }),
    );
    return {
      access_token: this.accessTokens.issue(user.id),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: this.accessTokens.ttlSeconds,
      grant_type: 'username+password',
    };
  }

  async refresh(
    refreshToken: string,
    clientIp: string,
  ): Promise<AuthRefreshResponse> {
    await this.limiter.consume(clientIp);
    const now = this.clock.now();
    const row = await this.refreshTokens.findUsable(hashToken(refreshToken));
    const valid =
      row && row.expiresAt > now && row.createdAt >= row.passwordChangedAt;
    if (!row || !valid)
      throw new AuthException(AuthErrorCode.InvalidRefreshToken);
    await this.refreshTokens.markUsed(row.id, now);
    return {
      access_token: this.accessTokens.issue(row.userId),
      token_type: 'Bearer',
      expires_in: this.accessTokens.ttlSeconds,
      grant_type: 'refresh_token',
    };
  }

  /**
   * Signs out: the refresh token is revoked. Refreshing does not rotate it (the Auth API
   * answers no new refresh token), so it is its whole family. Unknown tokens are no error,
   * so the answer tells nothing about which tokens exist.
   */
  async logout(refreshToken: string, clientIp: string): Promise<void> {
    await this.limiter.consume(clientIp);
    await this.refreshTokens.revokeByHash(
      hashToken(refreshToken),
      this.clock.now(),
    );
  }
}
