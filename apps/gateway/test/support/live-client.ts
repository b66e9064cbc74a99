import type {
  ClientToServerEvents,
  ServerToClientEvents,
} from '@livevote/contracts';
import { io, type Socket } from 'socket.io-client';

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client on the live namespace (websocket transport, like the apps). */
export function connectLive(
  baseUrl: string,
  token: string,
): Promise<LiveClient> {
  const socket: LiveClient = io(`${baseUrl}/live`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The next event of that name that satisfies the predicate. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: LiveClient,
  event: E,
  predicate: (
    payload: Parameters<ServerToClientEvents[E]>[0],
  ) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${String(event)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** Emits with an ack and resolves with the ack's payload. */
export function request<E extends keyof ClientToServerEvents>(
  socket: LiveClient,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
): Promise<Parameters<Parameters<ClientToServerEvents[E]>[1]>[0]> {
  return new Promise((resolve) => {
    (socket.emit as (...args: unknown[]) => void)(event, payload, resolve);
  });
}
