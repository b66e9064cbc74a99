import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveChannel, type LiveSocket } from './live-channel';

type Listener = (...args: unknown[]) => void;
type Auth = (callback: (data: { token: string }) => void) => void;

/** Stands in for socket.io's client: records what the channel emits, answers `reauth`. */
class FakeSocket {
  connected = false;
  active = true;
  readonly emitted: { event: string; payload: unknown }[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  constructor(private readonly answer: (event: string) => unknown) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  timeout(): { emit: (...args: unknown[]) => void } {
    return {
      emit: (event, payload, ack) => {
        this.emitted.push({ event: event as string, payload });
        const answer = this.answer(event as string);
        if (answer !== undefined) (ack as Listener)(null, answer);
      },
    };
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  disconnect(): this {
    this.connected = false;
    return this;
  }

  connect(): this {
    return this;
  }
}

describe(LiveChannel.name, () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-11-21T18:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function openChannel(token: () => Promise<string>) {
    const socket = new FakeSocket((event) =>
      event === 'reauth'
        ? { ok: true, expiresAt: '2026-11-21T18:10:00.000Z' }
        : undefined,
    );
    let handshake = '';
    const channel = new LiveChannel('abc123', token, {
      connect: (auth: Auth) => {
        auth(({ token: sent }) => (handshake = sent));
        return socket as unknown as LiveSocket;
      },
    });
    channel.connect();
    await vi.advanceTimersByTimeAsync(0);
    socket.connected = true;
    socket.fire('connect');
    return { channel, socket, handshake: () => handshake };
  }

  const reauths = (socket: FakeSocket) =>
    socket.emitted.filter(({ event }) => event === 'reauth');

  it('sends reauth with the silently refreshed token, once per new token', async () => {
    let current = 'access-1';
    const { channel, socket, handshake } = await openChannel(() =>
      Promise.resolve(current),
    );
    expect(handshake()).toBe('access-1');

    await vi.advanceTimersByTimeAsync(15_000);
    expect(reauths(socket)).toEqual([]);

    current = 'access-2';
    await vi.advanceTimersByTimeAsync(15_000);
    expect(reauths(socket)).toEqual([
      { event: 'reauth', payload: { token: 'access-2' } },
    ]);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(reauths(socket)).toHaveLength(1);
    channel.disconnect();
  });

  it('tries again when the gateway refused the new token', async () => {
    const socket = new FakeSocket((event) =>
      event === 'reauth'
        ? { error: { status: 401, code: 'invalid_token', message: 'No.' } }
        : undefined,
    );
    let current = 'access-1';
    const channel = new LiveChannel('abc123', () => Promise.resolve(current), {
      connect: (auth: Auth) => {
        auth(() => undefined);
        return socket as unknown as LiveSocket;
      },
    });
    channel.connect();
    await vi.advanceTimersByTimeAsync(0);
    socket.connected = true;
    socket.fire('connect');

    current = 'access-2';
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reauths(socket)).toHaveLength(2);
    channel.disconnect();
  });

  it('sends no reauth for a fixed token (screens, voters) or after disconnecting', async () => {
    const fixed = new FakeSocket(() => undefined);
    const channel = new LiveChannel('abc123', 'screen-token', {
      connect: () => fixed as unknown as LiveSocket,
    });
    channel.connect();
    fixed.connected = true;
    fixed.fire('connect');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reauths(fixed)).toEqual([]);
    channel.disconnect();

    let current = 'access-1';
    const opened = await openChannel(() => Promise.resolve(current));
    opened.channel.disconnect();
    current = 'access-2';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reauths(opened.socket)).toEqual([]);
  });
});
