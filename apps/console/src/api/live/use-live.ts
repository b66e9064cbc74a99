import type {
  CheckInUpdatedEvent,
  LiveMatter,
  MatterTallyEvent,
  PresenceEvent,
  QuorumEvent,
  ScreenQuestion,
  ServerToClientEvents,
} from '@livevote/contracts';
import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveChannel, RelayedEvent } from './live-channel';
import { LiveChannelContext } from './live-context';
import type { LiveState } from './live-state';

export function useLiveChannel(): LiveChannel {
  const channel = useContext(LiveChannelContext);
  if (!channel) throw new Error('No LiveChannelProvider above this component.');
  return channel;
}

/** The whole live state; prefer the narrower hooks below. */
export function useLiveState(): LiveState {
  const channel = useLiveChannel();
  return useSyncExternalStore(channel.subscribe, channel.getState);
}

function useLiveSlice<T>(select: (state: LiveState) => T): T {
  const channel = useLiveChannel();
  return useSyncExternalStore(channel.subscribe, () =>
    select(channel.getState()),
  );
}

export function useConnectionStatus(): LiveState['status'] {
  return useLiveSlice((state) => state.status);
}

export function useConnectionProblem(): string | undefined {
  return useLiveSlice((state) => state.problem);
}

export function useConnectionProblemCode(): LiveState['problemCode'] {
  return useLiveSlice((state) => state.problemCode);
}

export function useLiveMeeting(): LiveState['meeting'] {
  return useLiveSlice((state) => state.meeting);
}

/** Every matter of the meeting with its live state, in meeting order. */
export function useLiveMatters(): LiveMatter[] {
  return useLiveSlice((state) => state.matters);
}

export function useLiveMatter(
  matterKey: string | undefined,
): LiveMatter | undefined {
  return useLiveSlice((state) =>
    state.matters.find((matter) => matter.matterKey === matterKey),
  );
}

/** Chairs and screens only: voters never receive tallies. */
export function useTally(
  matterKey: string | undefined,
): MatterTallyEvent | undefined {
  return useLiveSlice((state) =>
    matterKey ? state.tallies[matterKey] : undefined,
  );
}

export function usePresence(): PresenceEvent | undefined {
  return useLiveSlice((state) => state.presence);
}

export function useQuorum(): QuorumEvent | undefined {
  return useLiveSlice((state) => state.quorum);
}

/** Chairs only: the last check-in or check-out at any desk of the meeting. */
export function useLastCheckIn(): CheckInUpdatedEvent | undefined {
  return useLiveSlice((state) => state.lastCheckIn);
}

/** Server clock minus this browser's clock, for countdowns every screen agrees on. */
export function useServerClockOffset(): number {
  return useLiveSlice((state) => state.clockOffsetMs);
}

/** Chairs and screens: the question on the big screen, or null. */
export function useScreenQuestion(): ScreenQuestion | null {
  return useLiveSlice((state) => state.screenQuestion);
}

/** Calls the listener with every such event while mounted (the latest listener). */
export function useLiveEvent<E extends RelayedEvent>(
  event: E,
  listener: (payload: Parameters<ServerToClientEvents[E]>[0]) => void,
): void {
  const channel = useLiveChannel();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(
    () => channel.onEvent(event, (payload) => latest.current(payload)),
    [channel, event],
  );
}
