import type {
  CheckInUpdatedEvent,
  LiveMatter,
  LiveSnapshot,
  MatterResultEvent,
  MatterStateEvent,
  MatterTallyEvent,
  PresenceEvent,
  QuorumEvent,
  ScreenQuestion,
} from '@livevote/contracts';

export type ConnectionStatus =
  /** First connection or subscription under way. */
  | 'connecting'
  /** Subscribed: events flow. */
  | 'online'
  /** Lost; socket.io is reconnecting by itself. */
  | 'offline'
  /** The gateway refused the token or the meeting; no retry. */
  | 'refused';

export interface LiveState {
  status: ConnectionStatus;
  /** The gateway's own words for a refused subscription. */
  problem?: string;
  /** Why the connection was refused, when the console words it itself (ConnectionBanner). */
  problemCode?: 'unauthorized';
  meeting?: LiveSnapshot['meeting'];
  role?: LiveSnapshot['role'];
  /** In meeting order. */
  matters: LiveMatter[];
  tallies: Readonly<Record<string, MatterTallyEvent>>;
  presence?: PresenceEvent;
  quorum?: QuorumEvent;
  /** Chairs only: the last check-in or check-out at the desk (docs/hybrid-meetings.md). */
  lastCheckIn?: CheckInUpdatedEvent;
  /** Chairs and screens: the question on the big screen, or null. */
  screenQuestion: ScreenQuestion | null;
  /** Server clock minus this browser's clock, in milliseconds. */
  clockOffsetMs: number;
  /** Highest `seq` seen on this connection per event type and matter. */
  seqs: Readonly<Record<string, number>>;
}

export const initialLiveState: LiveState = {
  status: 'connecting',
  matters: [],
  tallies: {},
  screenQuestion: null,
  clockOffsetMs: 0,
  seqs: {},
};

type SeqEvent = 'matter.state' | 'matter.tally' | 'matter.result';

const seqKey = (event: SeqEvent, matterKey: string) => `${event}:${matterKey}`;

/** True when an event is older than one already applied (a late or replayed delivery). */
export function isStale(
  state: LiveState,
  event: SeqEvent,
  matterKey: string,
  seq: number,
): boolean {
  const last = state.seqs[seqKey(event, matterKey)];
  return last !== undefined && seq < last;
}

/**
 * Server clock minus local clock from a request/answer pair: the server stamped
 * `serverTime` somewhere between `sentAt` and `receivedAt`, so assume the middle.
 */
export function clockOffset(
  serverTime: string,
  sentAt: number,
  receivedAt: number,
): number {
  return Date.parse(serverTime) - (sentAt + receivedAt) / 2;
}

function byOrder(a: LiveMatter, b: LiveMatter): number {
  return a.order - b.order || a.name.localeCompare(b.name);
}

/**
 * Takes a (re)subscription's snapshot. Events that arrived on this connection before the
 * answer and are newer than the snapshot win over it.
 */
export function applySnapshot(
  state: LiveState,
  snapshot: LiveSnapshot,
  sentAt: number,
  receivedAt: number,
): LiveState {
  const current = new Map(state.matters.map((m) => [m.matterKey, m]));
  const seqs: Record<string, number> = { ...state.seqs };
  const matters = snapshot.matters.map((matter) => {
    const key = seqKey('matter.state', matter.matterKey);
    const newer = current.get(matter.matterKey);
    if (newer && (seqs[key] ?? -1) > matter.seq) return newer;
    seqs[key] = matter.seq;
    return matter;
  });
  const tallies: Record<string, MatterTallyEvent> = {};
  for (const tally of snapshot.tallies ?? []) {
    const key = seqKey('matter.tally', tally.matterKey);
    const newer = state.tallies[tally.matterKey];
    if (newer && (seqs[key] ?? -1) > tally.seq) {
      tallies[tally.matterKey] = newer;
    } else {
      tallies[tally.matterKey] = tally;
      seqs[key] = tally.seq;
    }
  }
  return {
    ...state,
    status: 'online',
    problem: undefined,
    problemCode: undefined,
    meeting: snapshot.meeting,
    role: snapshot.role,
    matters: matters.sort(byOrder),
    tallies,
    presence: snapshot.presence,
    quorum: snapshot.quorum,
    screenQuestion: snapshot.screenQuestion ?? null,
    clockOffsetMs: clockOffset(snapshot.serverTime, sentAt, receivedAt),
    seqs,
  };
}

/** The new state, `state` itself for a stale event, or null for a matter not known yet. */
export function applyMatterState(
  state: LiveState,
  event: MatterStateEvent,
  receivedAt: number,
): LiveState | null {
  if (isStale(state, 'matter.state', event.matterKey, event.seq)) return state;
  const index = state.matters.findIndex(
    (matter) => matter.matterKey === event.matterKey,
  );
  if (index < 0) return null;
  const matters = [...state.matters];
  const before = matters[index]!;
  matters[index] = {
    ...before,
    liveStatus: event.liveStatus,
    liveStartedAt: event.liveStartedAt,
    liveEndsAt: event.liveEndsAt,
    liveClosedAt: event.liveClosedAt,
    forecast: event.forecast,
    // a reopened matter's earlier result is over; the next close sends a new one
    result: event.liveStatus === 'closed' ? before.result : null,
    seq: event.seq,
  };
  // the server stamped the event before we got it: the offset is at least this much
  const offsetAtLeast = Date.parse(event.serverTime) - receivedAt;
  return {
    ...state,
    matters,
    clockOffsetMs: Math.max(state.clockOffsetMs, offsetAtLeast),
    seqs: {
      ...state.seqs,
      [seqKey('matter.state', event.matterKey)]: event.seq,
    },
  };
}

export function applyTally(
  state: LiveState,
  event: MatterTallyEvent,
): LiveState {
  if (isStale(state, 'matter.tally', event.matterKey, event.seq)) return state;
  return {
    ...state,
    tallies: { ...state.tallies, [event.matterKey]: event },
    seqs: {
      ...state.seqs,
      [seqKey('matter.tally', event.matterKey)]: event.seq,
    },
  };
}

/** A closed matter's result (chairs and screens at close, everyone once published). */
export function applyResult(
  state: LiveState,
  event: MatterResultEvent,
): LiveState {
  if (isStale(state, 'matter.result', event.matterKey, event.seq)) return state;
  const matters = state.matters.map((matter) =>
    matter.matterKey === event.matterKey && matter.liveStatus === 'closed'
      ? { ...matter, result: event.result }
      : matter,
  );
  return {
    ...state,
    matters,
    seqs: {
      ...state.seqs,
      [seqKey('matter.result', event.matterKey)]: event.seq,
    },
  };
}

/** Every live matter, in meeting order (several only where the meeting allows it). */
export function liveMatters(matters: readonly LiveMatter[]): LiveMatter[] {
  return matters.filter((matter) => matter.liveStatus === 'live');
}

/** The matter a room is looking at: the live one, else the one closed last. */
export function currentMatter(
  matters: readonly LiveMatter[],
): LiveMatter | undefined {
  const live = matters.find((matter) => matter.liveStatus === 'live');
  if (live) return live;
  let latest: LiveMatter | undefined;
  for (const matter of matters) {
    if (matter.liveStatus !== 'closed' || !matter.liveClosedAt) continue;
    if (!latest || matter.liveClosedAt > (latest.liveClosedAt ?? ''))
      latest = matter;
  }
  return latest;
}
