import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';
import { Clock } from '../common/clock';

export const MANAGEMENT_AUDIENCE = 'management';

export interface AccessTokenClaims {
  sub: string;
  iat: number;
  exp: number;
  aud: string;
}

/** Manager JWTs (HS256, 300 s): issued and checked against the injected clock. */
@Injectable()
export class AccessTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  get ttlSeconds(): number {
    return this.config.auth.accessTokenTtlSeconds;
  }

  issue(userId: string): string {
    return this.jwt.sign(
      { sub: userId, iat: this.clock.nowSeconds() },
      {
        audience: MANAGEMENT_AUDIENCE,
        expiresIn: this.ttlSeconds,
        algorithm: 'HS256',
      },
    );
  }

  /** The claims, or null for a token that is malformed, tampered, expired or for another audience. */
  verify(token: string): AccessTokenClaims | null {
    try {
      return this.jwt.verify<AccessTokenClaims>(token, {
        audience: MANAGEMENT_AUDIENCE,
        algorithms: ['HS256'],
        clockTimestamp: this.clock.nowSeconds(),
      });
    } catch {
      return null;
    }
  }
}
