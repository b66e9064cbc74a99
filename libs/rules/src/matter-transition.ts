import type { MatterActionRequest } from '@livevote/contracts';
import type { LiveStatus } from '../database/schema';
import { VotingErrorCode, VotingException } from './voting.exception';

export const DEFAULT_DURATION_S = 360;

/** What the state machine reads of a matter. */
export interface LiveState {
  liveStatus: LiveStatus;
  liveEndsAt: Date | null;
}

/** What an action writes (the repository moves the generation with every write). */
export interface LiveStateChange {
  liveStatus: LiveStatus;
  liveStartedAt?: Date | null;
  liveEndsAt?: Date | null;
  liveClosedAt?: Date | null;
}

/**
 * The live state machine of a matter: pending -> live -> closed, and start on a closed matter
 * opens it again. `extend` moves a deadline that has not passed; `stop` closes now, or at the
 * deadline when that has passed already (the ballots after it were refused).
 */
export function transition(
  matter: LiveState,
  request: MatterActionRequest,
  now: Date,
): LiveStateChange {
  const seconds = request.duration ?? DEFAULT_DURATION_S;
  const running =
    matter.liveStatus === 'live' &&
    matter.liveEndsAt !== null &&
    matter.liveEndsAt > now;
  switch (request.action) {
    case 'start':
      if (matter.liveStatus === 'live')
        throw new VotingException(VotingErrorCode.NotStartable);
      return {
        liveStatus: 'live',
        liveStartedAt: now,
        liveEndsAt: new Date(now.getTime() + seconds * 1000),
        liveClosedAt: null,
      };
    case 'extend':
      if (!running) throw new VotingException(VotingErrorCode.NotLive);
      return {
        liveStatus: 'live',
        liveEndsAt: new Date(matter.liveEndsAt!.getTime() + seconds * 1000),
      };
    case 'stop':
      if (matter.liveStatus !== 'live')
        throw new VotingException(VotingErrorCode.NotLive);
      return {
        liveStatus: 'closed',
        liveClosedAt: running ? now : matter.liveEndsAt,
      };
  }
}
