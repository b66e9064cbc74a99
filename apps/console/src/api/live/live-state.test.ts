import type {
  LiveSnapshot,
  MatterStateEvent,
  MatterTallyEvent,
} from '@livevote/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyMatterState,
  applyResult,
  applySnapshot,
  applyTally,
  clockOffset,
  currentMatter,
  initialLiveState,
} from './live-state';
import { aLiveMatter } from '../../test/live-factories';

const T0 = Date.parse('2026-11-21T18:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function aTally(overrides: Partial<MatterTallyEvent> = {}): MatterTallyEvent {
  return {
    shortCode: 'abc123',
    matterKey: 'm1',
    rows: [],
    rowsWithheld: true,
    votesCast: 0,
    sharesCast: 0,
    eligibleMembers: 6,
    forecast: null,
    seq: 0,
    ...overrides,
  };
}

function aSnapshot(overrides: Partial<LiveSnapshot> = {}): LiveSnapshot {
  return {
    meeting: {
      key: 'k',
      shortCode: 'abc123',
      name: 'AGM',
      meetingDate: iso(T0),
      meetingTimezone: 'UTC',
      language: 'en',
      languages: ['en'],
      translations: {},
      quorumMinimum: 3,
      oneLiveMatter: true,
      displayLanguages: 'primary',
    },
    role: 'chair',
    matters: [aLiveMatter()],
    presence: { shortCode: 'abc123', numUnits: 0, numVoters: 0 },
    quorum: {
      shortCode: 'abc123',
      present: 0,
      proxies: 0,
      presentInPerson: 0,
      presentOnline: 0,
      required: 3,
      met: false,
      basis: 'units',
    },
    tallies: [aTally()],
    serverTime: iso(T0),
    ...overrides,
  };
}

function aState(overrides: Partial<MatterStateEvent> = {}): MatterStateEvent {
  return {
    shortCode: 'abc123',
    matterKey: 'm1',
    liveStatus: 'live',
    liveStartedAt: iso(T0),
    liveEndsAt: iso(T0 + 360_000),
    liveClosedAt: null,
    forecast: null,
    serverTime: iso(T0),
    seq: 1,
    ...overrides,
  };
}

describe('live state', () => {
  it('estimates the server clock offset from the middle of the round trip', () => {
    // sent at T0 - 10 s on this clock, answered 200 ms later; the server said T0
    expect(clockOffset(iso(T0), T0 - 10_000, T0 - 9_800)).toBe(9_900);
  });

  it('applies a matter state event and keeps its seq', () => {
    const state = applySnapshot(initialLiveState, aSnapshot(), T0, T0);
    const next = applyMatterState(state, aState({ seq: 3 }), T0);

    expect(next?.matters[0]).toMatchObject({ liveStatus: 'live', seq: 3 });
    expect(next?.status).toBe('online');
  });

  it('drops an event older than one already applied, per matter and event type', () => {
    let state = applySnapshot(initialLiveState, aSnapshot(), T0, T0);
    state = applyMatterState(
      state,
      aState({ seq: 5, liveEndsAt: iso(T0 + 60_000) }),
      T0,
    )!;
    state = applyTally(state, aTally({ seq: 4, votesCast: 2 }));

    const stale = applyMatterState(
      state,
      aState({ seq: 4, liveStatus: 'closed' }),
      T0,
    );
    expect(stale).toBe(state);
    // a tally with a lower seq than the last tally is stale, whatever the state's seq
    const staleTally = applyTally(state, aTally({ seq: 3, votesCast: 1 }));
    expect(staleTally.tallies.m1?.votesCast).toBe(2);
    const newerTally = applyTally(state, aTally({ seq: 6, votesCast: 3 }));
    expect(newerTally.tallies.m1?.votesCast).toBe(3);
  });

  it('keeps events newer than a snapshot that answered after them', () => {
    const connected = { ...initialLiveState, seqs: {} };
    const early = applyMatterState(
      applySnapshot(connected, aSnapshot(), T0, T0),
      aState({ seq: 8 }),
      T0,
    )!;

    const merged = applySnapshot(
      early,
      aSnapshot({ matters: [aLiveMatter({ seq: 7 })] }),
      T0,
      T0,
    );

    expect(merged.matters[0]).toMatchObject({ liveStatus: 'live', seq: 8 });
  });

  it('asks for a snapshot when an event names a matter it does not know', () => {
    const state = applySnapshot(initialLiveState, aSnapshot(), T0, T0);

    expect(
      applyMatterState(state, aState({ matterKey: 'new' }), T0),
    ).toBeNull();
  });

  it('raises the clock offset when an event proves the server is further ahead', () => {
    const state = applySnapshot(initialLiveState, aSnapshot(), T0, T0);
    const next = applyMatterState(
      state,
      aState({ serverTime: iso(T0 + 5_000) }),
      T0 + 1_000,
    )!;

    expect(next.clockOffsetMs).toBe(4_000);
  });

  it('looks at the live matter, else the one closed last', () => {
    const closedEarly = aLiveMatter({
      matterKey: 'a',
      liveStatus: 'closed',
      liveClosedAt: iso(T0),
    });
    const closedLate = aLiveMatter({
      matterKey: 'b',
      liveStatus: 'closed',
      liveClosedAt: iso(T0 + 1),
    });
    const live = aLiveMatter({ matterKey: 'c', liveStatus: 'live', order: 3 });

    expect(currentMatter([closedEarly, closedLate])?.matterKey).toBe('b');
    expect(currentMatter([closedEarly, live, closedLate])?.matterKey).toBe('c');
    expect(currentMatter([aLiveMatter()])).toBeUndefined();
  });

  describe('results', () => {
    const result = {
      verdict: 'carried' as const,
      elected: [],
      tied: [],
      votingMethod: 'plurality' as const,
      tiedForLastSeat: [],
      rounds: [],
      tieBreak: null,
      forYes: { units: 2, shares: 2 },
      base: { units: 3, shares: 3 },
      threshold: { numerator: 1, denominator: 2, strict: true },
      thresholdBasis: 'shares' as const,
      thresholdBase: 'cast' as const,
      totals: [],
      closedAt: iso(T0),
      publishedAt: null,
      signedOffBy: null,
      signedOffAt: null,
    };
    const closed = () =>
      applySnapshot(
        initialLiveState,
        aSnapshot({
          matters: [
            aLiveMatter({ liveStatus: 'closed', liveClosedAt: iso(T0) }),
          ],
        }),
        T0,
        T0,
      );

    it('keeps a result sent for a closed matter, and drops an older one', () => {
      const state = applyResult(closed(), {
        shortCode: 'abc123',
        matterKey: 'm1',
        result,
        seq: 5,
      });
      expect(state.matters[0]!.result).toEqual(result);
      const stale = applyResult(state, {
        shortCode: 'abc123',
        matterKey: 'm1',
        result: { ...result, verdict: 'defeated' },
        seq: 4,
      });
      expect(stale).toBe(state);
    });

    it('ends the result when the matter is reopened, and takes the forecast of each state', () => {
      const withResult = applyResult(closed(), {
        shortCode: 'abc123',
        matterKey: 'm1',
        result,
        seq: 5,
      });
      const reopened = applyMatterState(
        withResult,
        aState({ seq: 6, forecast: 'open' }),
        T0,
      )!;
      expect(reopened.matters[0]!.result).toBeNull();
      expect(reopened.matters[0]!.forecast).toBe('open');
    });
  });
});
