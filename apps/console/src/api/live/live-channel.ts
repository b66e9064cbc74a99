import type {
  Ack,
  AckError,
  ClientToServerEvents,
  LiveSnapshot,
  ReauthResponse,
  ServerToClientEvents,
} from '@livevote/contracts';
import { io, type Socket } from 'socket.io-client';
import { i18n } from '../../i18n/i18n';
import {
  applyMatterState,
  applyResult,
  applySnapshot,
  applyTally,
  initialLiveState,
  type LiveState,
} from './live-state';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Events a feature hears through {@link LiveChannel.onEvent} rather than the shared state. */
export const RELAYED_EVENTS = [
  'question.new',
  'question.updated',
  'question.removed',
  'question.mine',
] as const;
export type RelayedEvent = (typeof RELAYED_EVENTS)[number];
type RelayedPayload<E extends RelayedEvent> = Parameters<
  ServerToClientEvents[E]
>[0];

/** A token, or a function giving a fresh one on every (re)connection (managers' JWTs expire). */
export type TokenSource = string | (() => Promise<string>);

export interface LiveChannelOptions {
  /** For tests: builds the socket instead of socket.io's `io`. */
  connect?: (auth: LiveAuth) => LiveSocket;
}

/** The handshake's credential, and the page's language for the error acks (docs/i18n.md). */
type LiveAuth = (
  callback: (data: { token: string; language?: string }) => void,
) => void;

const SUBSCRIBE_TIMEOUT_MS = 10_000;
/**
 * How often a channel whose token is refreshed looks for a new one to send as `reauth`: the
 * gateway drops a socket at its token's expiry, and the manager session refreshes a minute
 * before, so the new token reaches the socket at least 45 s ahead.
 */
const REAUTH_CHECK_MS = 15_000;

function isAckError<T extends object>(answer: Ack<T>): answer is AckError {
  return 'error' in answer;
}

function defaultConnect(auth: LiveAuth): LiveSocket {
  return io('/live', {
    path: '/socket.io',
    auth,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5_000,
  });
}

/**
 * One subscription to a meeting on the live channel (docs/live-protocol.md): connects, subscribes
 * (again after every reconnection), applies events in `seq` order and keeps the state
 * React reads through `useSyncExternalStore`.
 */
export class LiveChannel {
  private state: LiveState = initialLiveState;
  private readonly listeners = new Set<() => void>();
  private readonly relays = new Map<
    RelayedEvent,
    Set<(payload: never) => void>
  >();
  private socket?: LiveSocket;
  /** The token the socket is authenticated with (handshake or last accepted reauth). */
  private sentToken?: string;
  private reauthTimer?: ReturnType<typeof setInterval>;
  private readonly onBrowserOffline = () => this.setStatus('offline');
  // back online: a socket that survived still missed events, so ask for a fresh snapshot
  private readonly onBrowserOnline = () => {
    if (this.socket?.connected) this.resubscribe();
    else this.socket?.connect();
  };

  constructor(
    readonly shortCode: string,
    private readonly token: TokenSource,
    private readonly options: LiveChannelOptions = {},
  ) {}

  getState = (): LiveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Hears one of the relayed events (a question's news); answers the way to stop. */
  onEvent<E extends RelayedEvent>(
    event: E,
    listener: (payload: RelayedPayload<E>) => void,
  ): () => void {
    const listeners = this.relays.get(event) ?? new Set();
    this.relays.set(event, listeners);
    listeners.add(listener as (payload: never) => void);
    return () => listeners.delete(listener as (payload: never) => void);
  }

  connect(): void {
    if (this.socket) return;
    const auth: LiveAuth = (callback) => {
      const source = this.token;
      const language = i18n.resolvedLanguage ?? i18n.language;
      if (typeof source === 'string')
        return callback({ token: source, language });
      source().then(
        (token) => {
          this.sentToken = token;
          callback({ token, language });
        },
        () => callback({ token: '', language }),
      );
    };
    const socket = (this.options.connect ?? defaultConnect)(auth);
    this.socket = socket;
    socket.on('connect', () => {
      // sequence numbers are compared within one connection (a restarted node restarts them)
      this.update({ ...this.state, seqs: {} });
      this.resubscribe();
    });
    socket.on('disconnect', (reason) => {
      this.setStatus('offline');
      if (reason === 'io server disconnect') socket.connect();
    });
    socket.on('connect_error', (error) => {
      if (socket.active) return this.setStatus('offline');
      this.update({
        ...this.state,
        status: 'refused',
        ...(error.message === 'unauthorized'
          ? { problem: undefined, problemCode: 'unauthorized' }
          : { problem: error.message, problemCode: undefined }),
      });
    });
    socket.on('matter.state', (event) => {
      const next = applyMatterState(this.state, event, Date.now());
      if (next) this.update(next);
      else this.resubscribe();
    });
    socket.on('matter.tally', (event) =>
      this.update(applyTally(this.state, event)),
    );
    socket.on('matter.result', (event) =>
      this.update(applyResult(this.state, event)),
    );
    socket.on('meeting.presence', (presence) =>
      this.update({ ...this.state, presence }),
    );
    socket.on('meeting.quorum', (quorum) =>
      this.update({ ...this.state, quorum }),
    );
    socket.on('checkin.updated', (lastCheckIn) =>
      this.update({ ...this.state, lastCheckIn }),
    );
    socket.on('screen.question', (event) =>
      this.update({ ...this.state, screenQuestion: event.question }),
    );
    for (const event of RELAYED_EVENTS) {
      (socket.on as (event: string, listener: (p: unknown) => void) => void)(
        event,
        (payload) => {
          for (const listener of this.relays.get(event) ?? [])
            (listener as (payload: unknown) => void)(payload);
        },
      );
    }
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.onBrowserOffline);
      window.addEventListener('online', this.onBrowserOnline);
    }
    if (typeof this.token !== 'string')
      this.reauthTimer = setInterval(() => this.reauth(), REAUTH_CHECK_MS);
  }

  disconnect(): void {
    clearInterval(this.reauthTimer);
    this.reauthTimer = undefined;
    if (typeof window !== 'undefined') {
      window.removeEventListener('offline', this.onBrowserOffline);
      window.removeEventListener('online', this.onBrowserOnline);
    }
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = undefined;
  }

  /** Asks for a fresh snapshot (after a reconnection, or for a matter not known yet). */
  resubscribe(): void {
    const socket = this.socket;
    if (!socket?.connected) return;
    const sentAt = Date.now();
    socket
      .timeout(SUBSCRIBE_TIMEOUT_MS)
      .emit(
        'subscribe',
        { shortCode: this.shortCode },
        (timedOut: Error | null, answer: Ack<LiveSnapshot>) => {
          if (socket !== this.socket) return;
          if (timedOut) {
            socket.disconnect().connect();
            return;
          }
          if (isAckError(answer)) {
            this.update({
              ...this.state,
              status: 'refused',
              problem: answer.error.message,
              problemCode: undefined,
            });
            return;
          }
          this.update(applySnapshot(this.state, answer, sentAt, Date.now()));
        },
      );
  }

  /** Sends the token source's current token when it is newer than the socket's. */
  private reauth(): void {
    const socket = this.socket;
    const source = this.token;
    if (!socket?.connected || typeof source === 'string') return;
    source().then(
      (token) => {
        if (socket !== this.socket || !token || token === this.sentToken)
          return;
        socket
          .timeout(SUBSCRIBE_TIMEOUT_MS)
          .emit(
            'reauth',
            { token },
            (timedOut: Error | null, answer: Ack<ReauthResponse>) => {
              // refused or lost: the next check tries again; at expiry the
              // gateway drops the socket and the reconnection takes a fresh token
              if (!timedOut && !isAckError(answer)) this.sentToken = token;
            },
          );
      },
      () => undefined,
    );
  }

  private setStatus(status: LiveState['status']): void {
    if (this.state.status === status || this.state.status === 'refused') return;
    this.update({ ...this.state, status });
  }

  private update(next: LiveState): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
