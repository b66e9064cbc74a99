import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Clock } from '../common/clock';
import { AccessTokens } from '../identity/access-tokens';

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
    const manager = this.accessTokens.verify(token);
    if (manager) return { role: 'chair', userId: manager.sub };
    const voter = this.verifyVoter(token);
    if (voter) return { role: 'voter', ...voter };
    const screen = this.verify<{ sub: string }>(token, SCREEN_AUDIENCE);
    if (screen) return { role: 'screen', meetingId: screen.sub };
    return null;
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
