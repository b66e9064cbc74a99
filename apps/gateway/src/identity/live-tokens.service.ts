import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Clock } from '../common/clock';
import {
  AccessTokensService,
  MANAGEMENT_AUDIENCE,
} from './access-tokens.service';
import { voterSessionVersion } from '../revocation/voter-session.registry';

export const PORTAL_AUDIENCE = 'portal';
export const SCREEN_AUDIENCE = 'screen';

/** A voter token's subject; `version` is its voter's session version when it was issued. */
export interface VoterSession {
  voterId: string;
  memberId: string;
  meetingId: string;
  version: string;
  /** A test voter: nothing it does counts (docs/test-voters.md); the version vouches for it. */
  isTest: boolean;
}

export type LivePrincipal =
  | { role: 'chair'; userId: string }
  | ({ role: 'voter' } & VoterSession)
  /** `key`: the screen token's row, which the live channel checks (ScreenTokenRegistry). */
  | { role: 'screen'; meetingId: string; key: string };

interface VoterClaims {
  sub: string;
  mbr: string;
  mtg: string;
  ver: string;
  /** Set (true) on a test voter's token only. */
  tst?: boolean;
}

/** Voter tokens (aud portal) and read-only screen tokens (aud screen), beside manager JWTs. */
@Injectable()
export class LiveTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly accessTokens: AccessTokensService,
    private readonly clock: Clock,
  ) {}

  issueVoter(
    voter: {
      voterId: string;
      memberId: string;
      meetingId: string;
      /** A test voter (docs/test-voters.md); false when left out. */
      isTest?: boolean;
    },
    email: string,
    expiresAt: Date,
  ): string {
    return this.sign(
      {
        sub: voter.voterId,
        mbr: voter.memberId,
        mtg: voter.meetingId,
        ver: voterSessionVersion(voter.voterId, email, voter.isTest ?? false),
        ...(voter.isTest ? { tst: true } : {}),
      },
      PORTAL_AUDIENCE,
      expiresAt,
    );
  }

  /** A screen token names its row (`jti`): it is only as good as that row (ScreenTokenRegistry). */
  issueScreen(meetingId: string, key: string, expiresAt: Date): string {
    return this.sign({ sub: meetingId, jti: key }, SCREEN_AUDIENCE, expiresAt);
  }

  /** The voter token's subject; whether its voter still stands is VoterSessionRegistry's to say. */
  verifyVoter(token: string): (VoterSession & { exp: number }) | null {
    const claims = this.verify<VoterClaims>(token, PORTAL_AUDIENCE);
    return claims && claims.mbr && claims.mtg && claims.ver
      ? {
          voterId: claims.sub,
          memberId: claims.mbr,
          meetingId: claims.mtg,
          version: claims.ver,
          isTest: claims.tst === true,
          exp: claims.exp,
        }
      : null;
  }

  /** Whoever the token speaks for on the live channel, and until when (ms), or null. */
  authenticate(
    token: string,
  ): { principal: LivePrincipal; expiresAt: number } | null {
    // one signature check, picked by the unverified audience, instead of trying each kind in turn
    const audience = this.audienceOf(token);
    if (audience === MANAGEMENT_AUDIENCE) {
      const manager = this.accessTokens.verify(token);
      return manager
        ? {
            principal: { role: 'chair', userId: manager.sub },
            expiresAt: manager.exp * 1000,
          }
        : null;
    }
    if (audience === PORTAL_AUDIENCE) {
      const voter = this.verifyVoter(token);
      if (!voter) return null;
      const { exp, ...session } = voter;
      return {
        principal: { role: 'voter', ...session },
        expiresAt: exp * 1000,
      };
    }
    if (audience === SCREEN_AUDIENCE) {
      const screen = this.verify<{ jti?: unknown }>(token, SCREEN_AUDIENCE);
      return screen && typeof screen.jti === 'string'
        ? {
            principal: {
              role: 'screen',
              meetingId: screen.sub,
              key: screen.jti,
            },
            expiresAt: screen.exp * 1000,
          }
        : null;
    }
    return null;
  }

  private audienceOf(token: string): unknown {
    try {
      const claims: unknown = this.jwt.decode(token);
      return claims && typeof claims === 'object' && 'aud' in claims
        ? claims.aud
        : undefined;
    } catch {
      return undefined;
    }
  }

  private sign(claims: object, audience: string, expiresAt: Date): string {
    const iat = this.clock.nowSeconds();
    return this.jwt.sign(
      { ...claims, iat, exp: Math.floor(expiresAt.getTime() / 1000) },
      { audience, algorithm: 'HS256' },
    );
  }

  private verify<T>(
    token: string,
    audience: string,
  ): (T & { sub: string; exp: number }) | null {
    try {
      const claims = this.jwt.verify<T & { sub: string; exp: number }>(token, {
        audience,
        algorithms: ['HS256'],
        clockTimestamp: this.clock.nowSeconds(),
      });
      // every live credential ends: one without an expiry is not one of ours
      return typeof claims.exp === 'number' ? claims : null;
    } catch {
      return null;
    }
  }
}
