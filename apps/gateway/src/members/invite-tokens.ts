import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { meetingEndsAt } from '@livevote/rules';
import { Clock } from '../common/clock';

export const INVITE_AUDIENCE = 'invite';
const VALID_AFTER_MEETING_S = 30 * 86_400;

interface InviteClaims {
  sub: string;
  mtg: string;
  aud: string;
  iat: number;
  exp: number;
}

/**
 * The single-purpose token in a voter's personal portal link: HS256 with `aud: "invite"`,
 * so neither the manager guard ("management") nor the portal ("portal") takes it. It lasts
 * until 30 days after the meeting ends.
 */
@Injectable()
export class InviteTokens {
  constructor(
    private readonly jwt: JwtService,
    private readonly clock: Clock,
  ) {}

  issue(
    voter: { id: string },
    meeting: { id: string; meetingDate: Date; duration: number },
  ): string {
    const endsAt = Math.floor(meetingEndsAt(meeting).getTime() / 1000);
    return this.jwt.sign(
      {
        sub: voter.id,
        mtg: meeting.id,
        iat: this.clock.nowSeconds(),
        exp: endsAt + VALID_AFTER_MEETING_S,
      },
      { audience: INVITE_AUDIENCE, algorithm: 'HS256' },
    );
  }

  /** The voter and meeting, or null for a token that is malformed, tampered, expired or not an invite. */
  verify(token: string): { voterId: string; meetingId: string } | null {
    try {
      const claims = this.jwt.verify<InviteClaims>(token, {
        audience: INVITE_AUDIENCE,
        algorithms: ['HS256'],
        clockTimestamp: this.clock.nowSeconds(),
      });
      if (
        typeof claims.sub !== 'string' ||
        typeof claims.mtg !== 'string' ||
        typeof claims.exp !== 'number'
      )
        return null;
      return { voterId: claims.sub, meetingId: claims.mtg };
    } catch {
      return null;
    }
  }
}
