import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { meetingEndsAt } from '@livevote/rules';
import { Clock } from '../common/clock';

/** The token in a holder's e-mailed link: it only opens holder sessions. */
export const HOLDER_LINK_AUDIENCE = 'proxy-holder-link';
/** A holder's session on the holder routes of the portal. */
export const HOLDER_AUDIENCE = 'proxy-holder';

const DAY_S = 86_400;
const LINK_VALID_AFTER_MEETING_S = 30 * DAY_S;
const SESSION_VALID_AFTER_MEETING_S = DAY_S;
const HALF_DAY_MS = 12 * 3_600_000;

export interface HolderPrincipal {
  holderId: string;
  meetingId: string;
}

interface HolderClaims {
  sub: string;
  mtg: string;
  exp: number;
}

interface MeetingTimes {
  id: string;
  meetingDate: Date;
  duration: number;
}

/** HS256 JWTs of their own audiences, so neither manager, voter, screen nor invite guards take them. */
@Injectable()
export class HolderTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly clock: Clock,
  ) {}

  issueLink(holderId: string, meeting: MeetingTimes): string {
    return this.sign(
      holderId,
      meeting,
      HOLDER_LINK_AUDIENCE,
      LINK_VALID_AFTER_MEETING_S,
    );
  }

  issueSession(
    holderId: string,
    meeting: MeetingTimes,
  ): { token: string; expiresAt: Date } {
    const token = this.sign(
      holderId,
      meeting,
      HOLDER_AUDIENCE,
      SESSION_VALID_AFTER_MEETING_S,
    );
    return {
      token,
      expiresAt: this.expiry(meeting, SESSION_VALID_AFTER_MEETING_S),
    };
  }

  verifyLink(token: string): HolderPrincipal | null {
    return this.verify(token, HOLDER_LINK_AUDIENCE);
  }

  verifySession(token: string): HolderPrincipal | null {
    return this.verify(token, HOLDER_AUDIENCE);
  }

  private expiry(meeting: MeetingTimes, afterMeetingS: number): Date {
    const endsAt = meetingEndsAt(meeting).getTime();
    // at least half a day, as voter sessions
    return new Date(
      Math.max(endsAt + afterMeetingS * 1000, this.clock.nowMs() + HALF_DAY_MS),
    );
  }

  private sign(
    holderId: string,
    meeting: MeetingTimes,
    audience: string,
    afterMeetingS: number,
  ): string {
    return this.jwt.sign(
      {
        sub: holderId,
        mtg: meeting.id,
        iat: this.clock.nowSeconds(),
        exp: Math.floor(this.expiry(meeting, afterMeetingS).getTime() / 1000),
      },
      { audience, algorithm: 'HS256' },
    );
  }

  private verify(token: string, audience: string): HolderPrincipal | null {
    try {
      const claims = this.jwt.verify<HolderClaims>(token, {
        audience,
        algorithms: ['HS256'],
        clockTimestamp: this.clock.nowSeconds(),
      });
      if (
        typeof claims.sub !== 'string' ||
        typeof claims.mtg !== 'string' ||
        typeof claims.exp !== 'number'
      )
        return null;
      return { holderId: claims.sub, meetingId: claims.mtg };
    } catch {
      return null;
    }
  }
}
