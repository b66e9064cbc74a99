import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { meetingEndsAt } from '@livevote/rules';
import { Clock } from '../common/clock';

export const UNSUBSCRIBE_AUDIENCE = 'unsubscribe';
const VALID_AFTER_MEETING_S = 180 * 86_400;

/** `reminders` sets disableConsentReminders, `all` disableAllEmails. */
export type UnsubscribeScope = 'reminders' | 'all';

export interface UnsubscribeClaim {
  voterId: string;
  meetingId: string;
  scope: UnsubscribeScope;
}

interface UnsubscribeClaims {
  sub: string;
  mtg: string;
  scp: string;
  aud: string;
  exp: number;
}

/**
 * The token in a scheduled e-mail's unsubscribe link: HS256 with `aud: "unsubscribe"`, so it
 * opens nothing else, valid until 180 days after the meeting ends.
 */
@Injectable()
export class UnsubscribeTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly clock: Clock,
  ) {}

  issue(
    claim: UnsubscribeClaim,
    meeting: { meetingDate: Date; duration: number },
  ): string {
    const endsAt = Math.floor(meetingEndsAt(meeting).getTime() / 1000);
    return this.jwt.sign(
      {
        sub: claim.voterId,
        mtg: claim.meetingId,
        scp: claim.scope,
        iat: this.clock.nowSeconds(),
        exp: endsAt + VALID_AFTER_MEETING_S,
      },
      { audience: UNSUBSCRIBE_AUDIENCE, algorithm: 'HS256' },
    );
  }

  /** Null for a token that is malformed, tampered, expired or not an unsubscribe token. */
  verify(token: string): UnsubscribeClaim | null {
    try {
      const claims = this.jwt.verify<UnsubscribeClaims>(token, {
        audience: UNSUBSCRIBE_AUDIENCE,
        algorithms: ['HS256'],
        clockTimestamp: this.clock.nowSeconds(),
      });
      if (
        typeof claims.sub !== 'string' ||
        typeof claims.mtg !== 'string' ||
        (claims.scp !== 'reminders' && claims.scp !== 'all')
      )
        return null;
      return { voterId: claims.sub, meetingId: claims.mtg, scope: claims.scp };
    } catch {
      return null;
    }
  }
}
