import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  OnGatewayDisconnect,
  OnGatewayInit,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  BallotCastMessage,
  SubscribeRequest,
  type Ack,
  type AckError,
  type BallotReceipt,
  type ClientToServerEvents,
  type LiveSnapshot,
  type ReauthResponse,
  type ServerToClientEvents,
} from '@livevote/contracts';
import type { Socket } from 'socket.io';
import { apiExceptionOf } from '../common/api-exception';
import { toProblem } from '../common/problem-details.filter';
import { InvalidIdempotencyKeyException } from '../voting/idempotency-key';
import { BallotEntry } from '../voting/ballot-entry';
import {
  chairRoom,
  LiveBroadcaster,
  meetingRoom,
  screenRoom,
  staffRoom,
  voterRoom,
  type LiveNamespace,
} from '../broadcast/live-broadcaster';
import { LivePresence, type MeetingRef } from '../presence/live-presence';
import { LiveSessions, type LiveSessionData } from './live-sessions';
import { LiveSnapshots } from './live-snapshots';

interface SocketData extends LiveSessionData {
  attendance?: { meeting: MeetingRef; voterId: string; memberId: string };
}

type LiveSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The acknowledgement callback of a message, when the client sent one. */
function reply(ack: unknown): (response: unknown) => void {
  return (response) => {
    if (typeof ack === 'function')
      (ack as (response: unknown) => void)(response);
  };
}

/** The live channel: namespace /live. Thin: authenticate, authorize, hand over. */
@WebSocketGateway({ namespace: '/live', perMessageDeflate: false })
export class LiveGateway implements OnGatewayInit, OnGatewayDisconnect {
  private readonly logger = new Logger('LiveGateway');

  constructor(
    private readonly sessions: LiveSessions,
    private readonly broadcaster: LiveBroadcaster,
    private readonly snapshots: LiveSnapshots,
    private readonly presence: LivePresence,
    private readonly ballots: BallotEntry,
  ) {}

  afterInit(server: LiveNamespace): void {
    this.broadcaster.attach(server);
    this.sessions.attach(server);
    server.use((socket, next) => {
      this.sessions.admit(socket.handshake.auth?.token).then(
        (session) => {
          if (!session) return next(new Error('unauthorized'));
          Object.assign(socket.data as SocketData, session);
          next();
        },
        (error: unknown) => {
          this.logger.warn(`live handshake not checked: ${String(error)}`);
          next(new Error('unavailable'));
        },
      );
    });
    // plain listeners rather than @SubscribeMessage: Nest wires an rxjs pipeline per handler
    // per socket, about 9 KB a socket (bench/memory.mjs) and CPU on every message
    server.on('connection', (socket: LiveSocket) => {
      // an expired or revoked credential ends the socket instead of reaching a handler
      socket.use(
        (_packet, next) =>
          void this.sessions.stillValid(socket).then((ok) => ok && next()),
      );
      socket.on(
        'reauth',
        (body: unknown, ack: unknown) =>
          void this.handle('reauth', () => this.reauth(socket, body)).then(
            reply(ack),
          ),
      );
      socket.on(
        'subscribe',
        (body: unknown, ack: unknown) =>
          void this.handle('subscribe', () =>
            this.subscribe(socket, body),
          ).then(reply(ack)),
      );
      socket.on(
        'ballot.cast',
        (body: unknown, ack: unknown) =>
          void this.handle('ballot.cast', () => this.cast(socket, body)).then(
            reply(ack),
          ),
      );
    });
  }

  async handleDisconnect(socket: LiveSocket): Promise<void> {
    const attendance = socket.data.attendance;
    if (!attendance) return;
    await this.presence
      .leave(attendance.meeting, attendance.voterId, attendance.memberId)
      .catch((error: unknown) =>
        this.logger.warn(`presence leave failed: ${String(error)}`),
      );
  }

  async subscribe(socket: LiveSocket, body: unknown): Promise<LiveSnapshot> {
    const request = SubscribeRequest.parse(body);
    const principal = socket.data.principal;
    const { meeting, accountId, snapshot } = await this.snapshots.forPrincipal(
      principal,
      request.shortCode,
    );
    await this.sessions.join(
      socket,
      meeting,
      accountId,
      principal.role === 'voter'
        ? [meetingRoom(meeting.id), voterRoom(meeting.id, principal.voterId)]
        : principal.role === 'screen'
          ? [
              meetingRoom(meeting.id),
              staffRoom(meeting.id),
              screenRoom(meeting.id),
            ]
          : [
              meetingRoom(meeting.id),
              staffRoom(meeting.id),
              chairRoom(meeting.id),
            ],
    );
    if (principal.role === 'voter' && !socket.data.attendance) {
      socket.data.attendance = {
        meeting,
        voterId: principal.voterId,
        memberId: principal.memberId,
      };
      await this.presence.join(meeting, principal.voterId, principal.memberId);
    }
    return snapshot;
  }

  reauth(socket: LiveSocket, body: unknown): Promise<ReauthResponse> {
    return this.sessions.reauth(socket, body);
  }

  async cast(socket: LiveSocket, body: unknown): Promise<Ack<BallotReceipt>> {
    const principal = socket.data.principal;
    if (principal.role !== 'voter') {
      return {
        error: {
          status: 403,
          code: 'not_a_voter',
          message: 'Only voters cast ballots here.',
        },
      };
    }
    const parsed = BallotCastMessage.safeParse(body);
    if (!parsed.success) {
      throw parsed.error.issues.some((i) => i.path[0] === 'idempotencyKey')
        ? new InvalidIdempotencyKeyException()
        : parsed.error;
    }
    const request = parsed.data;
    return this.ballots.castAsVoter(
      principal,
      request.matterKey,
      request.choices,
      request.idempotencyKey ?? null,
      socket.id,
    );
  }

  /**
   * Runs an event's handler; what it throws becomes the error ack. A 5xx is logged, as the
   * HTTP filter logs one, with a correlation id of the event that the ack carries too.
   */
  private async handle<T>(
    event: string,
    handler: () => Promise<Ack<T>>,
  ): Promise<Ack<T>> {
    try {
      return await handler();
    } catch (error) {
      return this.ackError(event, error);
    }
  }

  private ackError(event: string, error: unknown): AckError {
    const problem = toProblem(error);
    const ack = {
      status: problem.status,
      code: problem.code,
      message: problem.detail,
    };
    if (problem.status < 500) return { error: ack };
    const correlationId = randomUUID();
    if (apiExceptionOf(error)) {
      // a failure the client was told how to handle (a 503 to retry): not a bug
      this.logger.warn(
        { correlationId, code: problem.code },
        `${problem.status} ${problem.code} on socket event ${event}`,
      );
    } else {
      this.logger.error(
        { err: error, correlationId },
        `unhandled error on socket event ${event}`,
      );
    }
    return { error: { ...ack, correlationId } };
  }
}
