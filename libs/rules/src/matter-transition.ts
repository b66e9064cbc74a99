import {
  isLiveAt,
  type LiveStatus,
  type LiveWindow,
} from './ballot-acceptance';

/** A chair's start's duration when none is given, in seconds. */
export const DEFAULT_DURATION_S = 360;

/** A chair's action on a matter; `duration` in seconds, read by start and extend. */
export interface MatterAction {
  action: 'start' | 'extend' | 'stop';
  duration?: number;
}

/** What the state machine reads of a matter. */
export type LiveState = LiveWindow;

/** What an action writes (the gateway moves the generation with every write). */
export interface LiveStateChange {
  liveStatus: LiveStatus;
  liveStartedAt?: Date | null;
  liveEndsAt?: Date | null;
  liveClosedAt?: Date | null;
}

/** Why an action does not apply: start on a live matter, extend or stop on one not running. */
export type TransitionRefusal = 'not_startable' | 'not_live';

export type Transition =
  | { change: LiveStateChange; refused?: undefined }
  | { change?: undefined; refused: TransitionRefusal };

/**
 * The live state machine of a matter: pending -> live -> closed, and start on a closed matter
 * opens it again. `extend` moves a deadline that has not passed; `stop` closes now, or at the
 * deadline when that has passed already (the ballots from it on were refused: the vote runs
 * while {@link isLiveAt} holds, the deadline itself excluded).
 */
export function transition(
  matter: LiveState,
  request: MatterAction,
  now: Date,
): Transition {
  const seconds = request.duration ?? DEFAULT_DURATION_S;
  const running = isLiveAt(matter, now);
  switch (request.action) {
    case 'start':
      if (matter.liveStatus === 'live') return { refused: 'not_startable' };
      return {
        change: {
          liveStatus: 'live',
          liveStartedAt: now,
          liveEndsAt: new Date(now.getTime() + seconds * 1000),
          liveClosedAt: null,
        },
      };
    case 'extend':
      if (!running) return { refused: 'not_live' };
      return {
        change: {
          liveStatus: 'live',
          liveEndsAt: new Date(matter.liveEndsAt!.getTime() + seconds * 1000),
        },
      };
    case 'stop':
      if (matter.liveStatus !== 'live') return { refused: 'not_live' };
      return {
        change: {
          liveStatus: 'closed',
          liveClosedAt: running ? now : matter.liveEndsAt,
        },
      };
  }
}
