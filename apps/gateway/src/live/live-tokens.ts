import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Clock } from '../common/clock';
import { AccessTokens, MANAGEMENT_AUDIENCE } from '../identity/access-tokens';

export const PORTAL_AUDIENCE = 'portal';
export const SCREEN_AUDIENCE = 'screen';

export type LivePrincipal =
  | { role: 'chair'; userId: string }
  | { role: 'voter'; voterId: string; memberId: string; meetingId: string }
  | { role: 'screen'; meetingId: string };

interface VoterClaims {
  sub: string;
  mbr: string;
  mtg: string;
}

/** Voter tokens (aud portal) and read-only screen tokens (aud screen), beside manager JWTs. */
@Injectable()
export class LiveTokens {
  constructor(
    private readonly jwt: JwtService,
    private readonly accessTokens: AccessTokens,
    private readonly clock: Clock,
  ) {}

  issueVoter(
    voter: { voterId: string; memberId: string; meetingId: string },
    expiresAt: Date,
  ): string {
    return this.sign(
      { sub: voter.voterId, mbr: voter.memberId, mtg: voter.meetingId },
      PORTAL_AUDIENCE,
      expiresAt,
    );
  }

  issueScreen(meetingId: string, expiresAt: Date): string {
    return this.sign({ sub: meetingId }, SCREEN_AUDIENCE, expiresAt);
  }

  verifyVoter(
    token: string,
  ): { voterId: string; memberId: string; meetingId: string } | null {
    const claims = this.verify<VoterClaims>(token, PORTAL_AUDIENCE);
    return claims && claims.mbr && claims.mtg
      ? { voterId: claims.sub, memberId: claims.mbr, meetingId: claims.mtg }
      : null;
  }

  /** Whoever the token speaks for on the live channel, or null. */
  principal(token: string): LivePrincipal | null {
    // one signature check, picked by the unverified audience, instead of trying each kind in turn
    const audience = this.audienceOf(token);
    if (audience === MANAGEMENT_AUDIENCE) {
      const manager = this.accessTokens.verify(token);
      return manager ? { role: 'chair', userId: manager.sub } : null;
    }
    if (audience === PORTAL_AUDIENCE) {
      const voter = this.verifyVoter(token);
      return voter ? { role: 'voter', ...voter } : null;
    }
    if (audience === SCREEN_AUDIENCE) {
      const screen = this.verify<{ sub: string }>(token, SCREEN_AUDIENCE);
      return screen ? { role: 'screen', meetingId: screen.sub } : null;
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
  ): (T & { sub: string }) | null {
    try {
      return this.jwt.verify<T & { sub: string }>(token, {
        audience,
        algorithms: ['HS256'],
        clockTimestamp: this.clock.nowSeconds(),
      });
    } catch {
      return null;
    }
  }
}
