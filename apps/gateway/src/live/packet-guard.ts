import { performance } from 'node:perf_hooks';
import { Injectable } from '@nestjs/common';
import type { Namespace, Socket } from 'socket.io';
import { AppConfig } from '../config/app-config';

/** An engine.io connection: what carries a client's packets, whatever its namespaces. */
type Connection = Socket['conn'];
type DataListener = (this: Connection, data: unknown) => void;

export interface PacketLimits {
  /** Packets a second a connection may keep sending. */
  perSecond: number;
  /** Packets it may send at once after a pause. */
  burst: number;
  /** Seconds it may keep going over the budget before it is closed. */
  floodSeconds: number;
}

/** A packet's fate: handed to socket.io, dropped unread, or the connection is flooding. */
export type PacketVerdict = 'pass' | 'drop' | 'flood';

/**
 * A token bucket: `burst` packets at once, refilled at `perSecond`. Dropping packets without
 * a second's pause for `floodSeconds` is flooding; a short burst over the budget only loses
 * the packets past it.
 */
export class PacketBudget {
  private tokens: number;
  private at: number;
  private overSince = 0;
  private lastDropAt = -Infinity;

  constructor(
    private readonly limits: PacketLimits,
    now: number,
  ) {
    this.tokens = limits.burst;
    this.at = now;
  }

  take(now: number): PacketVerdict {
    const elapsed = Math.max(0, now - this.at);
    this.at = now;
    this.tokens = Math.min(
      this.limits.burst,
      this.tokens + (elapsed * this.limits.perSecond) / 1000,
    );
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'pass';
    }
    if (now - this.lastDropAt >= 1000) this.overSince = now;
    this.lastDropAt = now;
    return now - this.overSince >= this.limits.floodSeconds * 1000
      ? 'flood'
      : 'drop';
  }
}

/** What the guard keeps of one connection, freed when it closes. */
class GuardedConnection extends PacketBudget {
  /** The verdict on the packet being received: its `data` is handed on only on 'pass'. */
  verdict: PacketVerdict = 'pass';
  /** Closed for flooding: every later packet is dropped. */
  ended = false;
  /** The namespace socket on this connection, once the handshake admitted it. */
  socket?: Socket;

  constructor(
    readonly guard: PacketGuard,
    limits: PacketLimits,
    now: number,
    /** socket.io's own reader of the connection's messages. */
    readonly deliver: DataListener[],
  ) {
    super(limits, now);
  }
}

const guarded = new WeakMap<Connection, GuardedConnection>();

/*
 * The listeners of every connection: one function each, shared (engine.io calls a listener
 * with the connection as `this`), so a connection costs its budget and no closure.
 */
function onPacket(this: Connection): void {
  const connection = guarded.get(this);
  if (connection) connection.guard.count(this, connection);
}
function onData(this: Connection, data: unknown): void {
  const connection = guarded.get(this);
  if (connection?.verdict !== 'pass') return;
  for (const deliver of connection.deliver) deliver.call(this, data);
}
function onClose(this: Connection): void {
  guarded.delete(this);
}

/**
 * Limits the packets of each live connection before socket.io decodes them: every packet,
 * of any kind, takes a token from the connection's budget; a message over the budget is
 * dropped unread and unanswered, and a connection that stays over it is handed to `flooded`
 * (docs/live-protocol.md, "Sending too much"). It reads the monotonic clock, not the
 * application's Clock: a budget is a rate of packets, like the other rate limits, and a
 * test's hand-moved clock would never refill it.
 */
@Injectable()
export class PacketGuard {
  private readonly limits: PacketLimits;
  private flooded: (socket: Socket) => void = () => undefined;

  constructor(config: AppConfig) {
    const { perSecond, burst, floodSeconds } = config.livePackets;
    this.limits = { perSecond, burst, floodSeconds };
  }

  /**
   * Guards every connection the namespace's server opens from now on. socket.io has already
   * taken each connection's messages when the engine announces it (its listener came
   * first), so the guard takes them over and hands on what passes.
   */
  attach(namespace: Namespace, flooded: (socket: Socket) => void): void {
    this.flooded = flooded;
    namespace.server.engine.on('connection', (conn: Connection) =>
      this.guard(conn),
    );
    namespace.on('connection', (socket: Socket) => {
      const connection = guarded.get(socket.conn);
      if (connection) connection.socket = socket;
    });
  }

  private guard(conn: Connection): void {
    const deliver = conn.listeners('data') as DataListener[];
    conn.removeAllListeners('data');
    guarded.set(
      conn,
      new GuardedConnection(this, this.limits, performance.now(), deliver),
    );
    conn.on('packet', onPacket);
    conn.on('data', onData);
    conn.once('close', onClose);
  }

  /** Judges the packet being received; a connection found flooding is ended, once. */
  count(conn: Connection, connection: GuardedConnection): void {
    if (connection.ended) {
      connection.verdict = 'drop';
      return;
    }
    connection.verdict = connection.take(performance.now());
    if (connection.verdict !== 'flood') return;
    connection.ended = true;
    const socket = connection.socket;
    if (socket?.connected) this.flooded(socket);
    else conn.close();
  }
}
