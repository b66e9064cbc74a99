import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
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
import { isLanguage } from '@livevote/i18n';
import type { Socket } from 'socket.io';
import { ApiException, apiExceptionOf } from '../common/api-exception';
import { toProblem } from '../common/problem-details.filter';
import { InvalidIdempotencyKeyException } from '../ballots/idempotency-key';
import { BallotIntakeService } from '../ballots/ballot-intake.service';
import {
  chairRoom,
  deskRoom,
  LiveBroadcastService,
  meetingRoom,
  screenRoom,
  staffRoom,
  voterRoom,
  type LiveNamespace,
} from '../broadcast/live-broadcast.service';
import {
  LivePresenceService,
  type MeetingRef,
} from '../quorum/live-presence.service';
import {
  LiveConnectionsService,
  type LiveConnectionData,
} from './live-connections.service';
import { LiveSnapshotsService } from './live-snapshots.service';
import { PacketGuard } from './packet-guard';

interface SocketData extends LiveConnectionData {
  /** Voters: the meeting they attend (as present), left when the socket disconnects. */
  attending?: MeetingRef;
  /** The latest subscribe, until answered: one at a time per socket. */
  subscribing?: Subscribing;
}

/** A socket's latest subscribe; `started` once its read began. */
interface Subscribing {
  shortCode: string;
  started: boolean;
  snapshot: Promise<LiveSnapshot>;
  /** The subscribes of this socket not answered yet, this one included (shared by all). */
  unanswered: { count: number };
}

/**
 * Subscribes of one socket waiting at once, for different meetings (a repeat for the same one
 * shares): past this, one is refused (429) instead of queued, so a flood of changing short
 * codes cannot pile up reads behind each other.
 */
const MAX_UNANSWERED_SUBSCRIBES = 4;

type LiveSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** A listener shared by every socket: socket.io calls it with the socket as `this`. */
function shared(
  receive: (socket: LiveSocket, body: unknown, ack: unknown) => void,
): (this: LiveSocket, body: unknown, ack: unknown) => void {
  return function (this: LiveSocket, body: unknown, ack: unknown) {
    receive(this, body, ack);
  };
}

/** The live channel: namespace /live. Thin: authenticate, authorize, hand over. */
@WebSocketGateway({ namespace: '/live', perMessageDeflate: false })
export class LiveGateway implements OnGatewayInit {
  private readonly logger = new Logger('LiveGateway');
  /** The meeting room's name, one string shared by the sockets of a meeting. */
  private readonly meetingRooms = new WeakMap<MeetingRef, string>();

  /*
   * The listeners of every socket: one function each, shared by all sockets (socket.io calls
   * a listener with the socket as `this`), so a socket costs no closure of its own; Nest's
   * @SubscribeMessage wiring and a closure a socket cost about 2 KB of heap each
   * (docs/benchmarks-history.md, "Memory per socket").
   */
  private readonly onReauth = shared((socket, body, ack) =>
    this.receive(socket, 'reauth', ack, () => this.reauth(socket, body)),
  );
  private readonly onSubscribe = shared((socket, body, ack) =>
    this.receive(socket, 'subscribe', ack, () => this.subscribe(socket, body)),
  );
  private readonly onCast = shared((socket, body, ack) =>
    this.receive(socket, 'ballot.cast', ack, () => this.cast(socket, body)),
  );
  private readonly onVoterDisconnect = shared((socket) => this.left(socket));

  constructor(
    private readonly connections: LiveConnectionsService,
    private readonly broadcaster: LiveBroadcastService,
    private readonly snapshots: LiveSnapshotsService,
    private readonly presence: LivePresenceService,
    private readonly ballots: BallotIntakeService,
    private readonly packets: PacketGuard,
  ) {}

  afterInit(server: LiveNamespace): void {
    this.broadcaster.attach(server);
    this.connections.attach(server);
    this.packets.attach(server, (socket) => this.flooded(socket as LiveSocket));
    server.use((socket, next) => {
      this.connections.admit(socket.handshake.auth?.token).then(
        (session) => {
          if (!session) return next(new Error('unauthorized'));
          Object.assign(socket.data as SocketData, session);
          // the credential is not needed past the handshake (reauth brings the next one);
          // the page's language stays for error acks (docs/i18n.md)
          const { language } = socket.handshake.auth as { language?: unknown };
          socket.handshake.auth = isLanguage(language) ? { language } : {};
          next();
        },
        (error: unknown) => {
          this.logger.warn(`live handshake not checked: ${String(error)}`);
          next(new Error('unavailable'));
        },
      );
    });
    server.on('connection', (socket: LiveSocket) => {
      socket.on('reauth', this.onReauth);
      socket.on('subscribe', this.onSubscribe);
      socket.on('ballot.cast', this.onCast);
    });
  }

  /**
   * One event of a socket: re-checks the credential (an expired or revoked one ends the
   * socket instead of reaching the handler), runs the handler and acknowledges with its
   * answer, or with the error it threw. No async frame of its own: a ballot waits seconds for
   * its batch in a crowd, and each promise waiting with it is copied by every scavenge
   * (docs/benchmarks-history.md, "Fewer promises a ballot").
   */
  private receive(
    socket: LiveSocket,
    event: string,
    ack: unknown,
    handler: () => Promise<unknown>,
  ): void {
    const valid = this.connections.stillValid(socket);
    if (valid === true) this.answer(socket, event, ack, handler);
    else if (valid !== false)
      void valid.then((current) => {
        if (current) this.answer(socket, event, ack, handler);
      });
  }

  /** Runs an event's handler; what it throws or rejects with becomes the error ack. */
  private answer(
    socket: LiveSocket,
    event: string,
    ack: unknown,
    handler: () => Promise<unknown>,
  ): void {
    let response: Promise<unknown>;
    try {
      response = handler();
    } catch (error) {
      response = Promise.reject(error as Error);
    }
    const reply = (answer: unknown) => {
      if (typeof ack === 'function') (ack as (answer: unknown) => void)(answer);
    };
    response
      .then(reply, (error: unknown) =>
        reply(this.ackError(socket, event, error)),
      )
      .catch((error: unknown) =>
        this.logger.error({ err: error }, `socket event ${event} not answered`),
      );
  }

  /** A socket kept sending past its packet budget: it is told why, then closed. */
  private flooded(socket: LiveSocket): void {
    const principal = socket.data.principal;
    this.logger.warn(
      { role: principal.role, socketId: socket.id },
      'live socket closed: it kept sending more packets than its budget',
    );
    socket.emit(
      'socket.closing',
      this.ackError(
        socket,
        'flood',
        new ApiException(429, 'rate_limited', { variant: 'packets' }),
      ),
    );
    socket.disconnect(true);
  }

  /** A voter's socket closed: it no longer counts as present. */
  private async left(socket: LiveSocket): Promise<void> {
    const meeting = socket.data.attending;
    const principal = socket.data.principal;
    if (!meeting || principal.role !== 'voter') return;
    await this.presence
      .leave(meeting, principal.voterId, principal.memberId)
      .catch((error: unknown) =>
        this.logger.warn(`presence leave failed: ${String(error)}`),
      );
  }

  /**
   * One subscribe at a time per socket, each read after it was asked: a repeat while one is
   * under way waits for it and shares the next read with the other repeats, so a flood from
   * one socket costs two snapshot reads, and a client asking again for a matter it has just
   * heard of gets a snapshot that knows it.
   */
  subscribe(socket: LiveSocket, body: unknown): Promise<LiveSnapshot> {
    const request = SubscribeRequest.parse(body);
    const last = socket.data.subscribing;
    if (last && !last.started && last.shortCode === request.shortCode)
      return last.snapshot;
    const unanswered = last?.unanswered ?? { count: 0 };
    if (unanswered.count >= MAX_UNANSWERED_SUBSCRIBES)
      throw new ApiException(429, 'rate_limited', { variant: 'subscribes' });
    unanswered.count += 1;
    const start = () => {
      entry.started = true;
      return this.subscribeNow(socket, request);
    };
    const entry: Subscribing = last
      ? {
          shortCode: request.shortCode,
          started: false,
          snapshot: last.snapshot.then(start, start),
          unanswered,
        }
      : {
          shortCode: request.shortCode,
          started: true,
          snapshot: this.subscribeNow(socket, request),
          unanswered,
        };
    socket.data.subscribing = entry;
    const done = () => {
      unanswered.count -= 1;
      if (socket.data.subscribing === entry)
        socket.data.subscribing = undefined;
    };
    entry.snapshot.then(done, done);
    return entry.snapshot;
  }

  private async subscribeNow(
    socket: LiveSocket,
    request: SubscribeRequest,
  ): Promise<LiveSnapshot> {
    const principal = socket.data.principal;
    const subscribed = await this.snapshots.meetingOf(
      principal,
      request.shortCode,
    );
    const { meeting, accountId, clerk } = subscribed;
    // closed while the meeting was read: joining now would leave its rooms and presence behind
    if (!socket.connected)
      return this.snapshots.snapshotOf(principal, subscribed);
    // no await from here until rooms, the disconnect listener and presence are all taken: a
    // close after this point finds them and undoes them (socket.io leaves the rooms, left()
    // counts the voter out)
    const joined = this.connections.join(
      socket,
      meeting,
      accountId,
      principal.role === 'voter'
        ? [this.meetingRoom(meeting), voterRoom(meeting.id, principal.voterId)]
        : principal.role === 'screen'
          ? [
              this.meetingRoom(meeting),
              staffRoom(meeting.id),
              screenRoom(meeting.id),
            ]
          : clerk
            ? // a clerk follows the desk (check-ins), no tallies nor questions (docs/team.md)
              [this.meetingRoom(meeting), deskRoom(meeting.id)]
            : [
                this.meetingRoom(meeting),
                staffRoom(meeting.id),
                chairRoom(meeting.id),
                deskRoom(meeting.id),
              ],
    );
    // a test voter is in the rooms, not in presence: it attends nowhere, so it neither moves
    // the quorum nor revokes its member's proxy (docs/test-voters.md)
    if (
      principal.role === 'voter' &&
      !principal.isTest &&
      !socket.data.attending
    ) {
      socket.data.attending = meeting;
      socket.on('disconnect', this.onVoterDisconnect);
      await Promise.all([
        joined,
        this.presence.join(meeting, principal.voterId, principal.memberId),
      ]);
    } else await joined;
    // read once in the rooms: an event emitted meanwhile reaches the socket as well, and the
    // client keeps whichever of the two is newer by `seq` (docs/architecture.md, "Subscribing")
    return this.snapshots.snapshotOf(principal, subscribed);
  }

  private meetingRoom(meeting: MeetingRef): string {
    let room = this.meetingRooms.get(meeting);
    if (room === undefined) {
      room = meetingRoom(meeting.id);
      this.meetingRooms.set(meeting, room);
    }
    return room;
  }

  reauth(socket: LiveSocket, body: unknown): Promise<ReauthResponse> {
    return this.connections.reauth(socket, body);
  }

  /** Throws what it refuses at once; the promise is the batch's answer. */
  cast(socket: LiveSocket, body: unknown): Promise<Ack<BallotReceipt>> {
    const principal = socket.data.principal;
    // answered by ackError like every refusal, in the reader's language
    if (principal.role !== 'voter') throw new ApiException(403, 'not_a_voter');
    const parsed = BallotCastMessage.safeParse(body);
    if (!parsed.success) {
      throw parsed.error.issues.some((i) => i.path[0] === 'idempotencyKey')
        ? new InvalidIdempotencyKeyException()
        : parsed.error;
    }
    const request = parsed.data;
    return this.ballots.submit({
      kind: 'voter',
      voter: principal,
      matterKey: request.matterKey,
      body: request,
      idempotencyKey: request.idempotencyKey ?? null,
      socketId: socket.id,
    });
  }

  /** The error ack, its message in the reader's language (docs/i18n.md). */
  private ackError(
    socket: LiveSocket,
    event: string,
    error: unknown,
  ): AckError {
    const problem = toProblem(error, this.connections.languageOf(socket));
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
