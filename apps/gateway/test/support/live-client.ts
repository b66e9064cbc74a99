import type {
  ClientToServerEvents,
  ServerToClientEvents,
} from '@livevote/contracts';
import { io, type Socket } from 'socket.io-client';

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

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

/** Every event of a kind a socket receives, and a way to await one that matches. */
export function recorder<E extends EventName>(socket: LiveClient, event: E) {
  const seen: Payload<E>[] = [];
  const waiters: { test: (p: Payload<E>) => boolean; done: () => void }[] = [];
  socket.on(event, ((payload: Payload<E>) => {
    seen.push(payload);
    for (const waiter of [...waiters])
      if (waiter.test(payload)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done();
      }
  }) as never);
  return {
    seen,
    until(test: (p: Payload<E>) => boolean, timeoutMs = 15_000) {
      const found = seen.find(test);
      if (found) return Promise.resolve(found);
      return new Promise<Payload<E>>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching ${event} in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          test,
          done: () => {
            clearTimeout(timer);
            resolve(seen.find(test)!);
          },
        });
      });
    },
  };
}
