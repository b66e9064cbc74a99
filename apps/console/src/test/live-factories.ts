import type { LiveMatter, MatterResult } from '@livevote/contracts';
import type { LiveChannel } from '../api/live/live-channel';
import { initialLiveState, type LiveState } from '../api/live/live-state';

/** A matter as the live channel sends it; overrides for what a test is about. */
export function aLiveMatter(overrides: Partial<LiveMatter> = {}): LiveMatter {
  return {
    matterKey: 'm1',
    name: 'Approve the budget',
    header: '',
    snippet: '',
    options: ['For', 'Against'],
    translations: {},
    choices: 1,
    votingMethod: 'plurality',
    candidates: [],
    order: 1,
    liveStatus: 'pending',
    liveStartedAt: null,
    liveEndsAt: null,
    liveClosedAt: null,
    secretBallot: true,
    threshold: { numerator: 1, denominator: 2, strict: true },
    thresholdBasis: 'shares',
    thresholdBase: 'cast',
    forecast: null,
    result: null,
    seq: 0,
    ...overrides,
  };
}

/** A carried special resolution: 8 of 10 units, 17 of 21.5 shares. */
export function aResult(overrides: Partial<MatterResult> = {}): MatterResult {
  return {
    verdict: 'carried',
    elected: [],
    tied: [],
    votingMethod: 'plurality',
    tiedForLastSeat: [],
    rounds: [],
    tieBreak: null,
    forYes: { units: 8, shares: 17 },
    base: { units: 10, shares: 21.5 },
    threshold: { numerator: 2, denominator: 3, strict: false },
    thresholdBasis: 'shares',
    thresholdBase: 'cast',
    totals: [
      { vote: 'For', units: 8, shares: 17 },
      { vote: 'Against', units: 2, shares: 4.5 },
    ],
    closedAt: '2026-11-21T18:20:00.000Z',
    publishedAt: null,
    signedOffBy: null,
    signedOffAt: null,
    ...overrides,
  };
}

/** A live channel that holds one state, for components that read the live hooks. */
export function aLiveChannel(state: Partial<LiveState> = {}): LiveChannel {
  const whole: LiveState = { ...initialLiveState, ...state };
  return {
    subscribe: () => () => undefined,
    getState: () => whole,
  } as unknown as LiveChannel;
}
