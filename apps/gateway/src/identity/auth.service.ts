import { createHash, randomBytes, randomUUID } from 'node:crypto';
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
    const now = this.clock.now();
    const refreshToken = await this.unitOfWork.run(async () => {
      // a sign-in clears the user's dead tokens, so the table keeps only what may still count
      await this.refreshTokens.deleteDead(user.id, now);
      return this.issueRefreshToken(
        user.id,
        randomUUID(),
        new Date(now.getTime() + this.config.auth.refreshTokenTtlDays * DAY_MS),
      );
    });
    return {
      access_token: this.accessTokens.issue(user.id),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: this.accessTokens.ttlSeconds,
      grant_type: 'username+password',
    };
  }

  /**
   * A new access token for a refresh token. One sent in the body (an API client) is kept, as
   * the Auth API answers no new refresh token; the browser's session cookie is rotated, and
   * its successor (same family, same end) comes back as `rotated` for the cookie. A token
   * that was already rotated away is a replay: its whole family is revoked (docs/security.md).
   */
  async refresh(
    presented: { token: string; rotate: boolean },
    clientIp: string,
  ): Promise<{ answer: AuthRefreshResponse; rotated?: string }> {
    await this.limiter.consume(clientIp);
    const now = this.clock.now();
    const row = await this.refreshTokens.findByHash(hashToken(presented.token));
    if (!row || row.revokedAt)
      throw new AuthException(AuthErrorCode.InvalidRefreshToken);
    if (row.rotatedAt) {
      await this.revokeFamily(row.familyId, now);
      throw new AuthException(AuthErrorCode.InvalidRefreshToken);
    }
    if (row.expiresAt <= now || row.createdAt < row.passwordChangedAt)
      throw new AuthException(AuthErrorCode.InvalidRefreshToken);
    const rotated = await this.unitOfWork.run(async () => {
      if (!presented.rotate) {
        await this.refreshTokens.markUsed(row.id, now);
        return undefined;
      }
      if (!(await this.refreshTokens.claimRotation(row.id, now))) return null;
      return this.issueRefreshToken(row.userId, row.familyId, row.expiresAt);
    });
    if (rotated === null) {
      // another request rotated it between the read and the claim: a replay as well
      await this.revokeFamily(row.familyId, now);
      throw new AuthException(AuthErrorCode.InvalidRefreshToken);
    }
    await this.limiter.giveBack(clientIp);
    return {
      answer: {
        access_token: this.accessTokens.issue(row.userId),
        token_type: 'Bearer',
        expires_in: this.accessTokens.ttlSeconds,
        grant_type: 'refresh_token',
      },
      rotated,
    };
  }

  /**
   * Signs out: the refresh token's whole family (every token rotated from the same sign-in)
   * is revoked. Unknown tokens are no error, so the answer tells nothing about which exist.
   */
  async logout(tokens: string[], clientIp: string): Promise<void> {
    await this.limiter.consume(clientIp);
    const now = this.clock.now();
    for (const token of tokens) {
      const row = await this.refreshTokens.findByHash(hashToken(token));
      if (row) await this.revokeFamily(row.familyId, now);
    }
  }

  private revokeFamily(familyId: string, at: Date): Promise<void> {
    return this.unitOfWork.run(() =>
      this.refreshTokens.revokeFamily(familyId, at),
    );
  }

  private async issueRefreshToken(
    userId: string,
    familyId: string,
    expiresAt: Date,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.refreshTokens.insert({
      userId,
      tokenHash: hashToken(token),
      familyId,
      expiresAt,
      createdAt: this.clock.now(),
    });
    return token;
  }
}
