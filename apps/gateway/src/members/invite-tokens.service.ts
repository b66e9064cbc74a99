import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { meetingEndsAt } from '@livevote/rules';
import { Clock } from '../common/clock';
import { voterSessionVersion } from '../revocation/voter-session.registry';

export const INVITE_AUDIENCE = 'invite';
const VALID_AFTER_MEETING_S = 30 * 86_400;

interface InviteClaims {
  sub: string;
  mtg: string;
  ver?: string;
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
export class InviteTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly clock: Clock,
  ) {}

  /** With the voter's e-mail, the link opens sessions only while that is still the voter's. */
  issue(
    voter: { id: string; email?: string },
    meeting: { id: string; meetingDate: Date; duration: number },
  ): string {
    const endsAt = Math.floor(meetingEndsAt(meeting).getTime() / 1000);
    return this.jwt.sign(
      {
        sub: voter.id,
        mtg: meeting.id,
        ...(voter.email !== undefined
          ? { ver: voterSessionVersion(voter.id, voter.email) }
          : {}),
        iat: this.clock.nowSeconds(),
        exp: endsAt + VALID_AFTER_MEETING_S,
      },
      { audience: INVITE_AUDIENCE, algorithm: 'HS256' },
    );
  }

  /** The voter and meeting, or null for a token that is malformed, tampered, expired or not an invite. */
  verify(token: string): { voterId: string; meetingId: string } | null {
    const invite = this.verifyBound(token);
    return invite
      ? { voterId: invite.voterId, meetingId: invite.meetingId }
      : null;
  }

  /**
   * As verify, with the voter session version the link was issued for: a link mailed to a
   * voter's previous e-mail must not open a session for the new person. Null for links
   * issued without one.
   */
  verifyBound(
    token: string,
  ): { voterId: string; meetingId: string; version: string | null } | null {
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
      return {
        voterId: claims.sub,
        meetingId: claims.mtg,
        version: typeof claims.ver === 'string' ? claims.ver : null,
      };
    } catch {
      return null;
    }
  }
}
