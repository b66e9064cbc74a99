import { Injectable } from '@nestjs/common';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
} from '@livevote/contracts';
import type { Namespace } from 'socket.io';

export type LiveNamespace = Namespace<
  ClientToServerEvents,
  ServerToClientEvents
>;

export const meetingRoom = (meetingId: string) => `meeting:${meetingId}`;
/** Chairs and scrutineer screens: the only sockets that receive tallies. */
export const staffRoom = (meetingId: string) => `meeting:${meetingId}:staff`;
/** Chairs (managers) only: what a public screen must not show, such as the question queue. */
export const chairRoom = (meetingId: string) => `meeting:${meetingId}:chairs`;
/** The check-in desks: chairs and clerks (docs/team.md), who is checked in. */
export const deskRoom = (meetingId: string) => `meeting:${meetingId}:desks`;
/** Scrutineer screens alone: what is put on the big screen. */
export const screenRoom = (meetingId: string) => `meeting:${meetingId}:screens`;
/** The sockets of one voter: news of their own questions. */
export const voterRoom = (meetingId: string, voterId: string) =>
  `meeting:${meetingId}:voter:${voterId}`;

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The one place that emits live events. With Redis the socket.io adapter carries each emit
 * to the sockets of every node; nothing else touches the server's emit.
 */
@Injectable()
export class LiveBroadcastService {
  private server?: LiveNamespace;

  attach(server: LiveNamespace): void {
    this.server = server;
  }

  toMeeting<E extends EventName>(
    meetingId: string,
    event: E,
    payload: Payload<E>,
  ): void {
    this.emit(meetingRoom(meetingId), event, payload);
  }

  toStaff<E extends EventName>(
    meetingId: string,
    event: E,
    payload: Payload<E>,
  ): void {
    this.emit(staffRoom(meetingId), event, payload);
  }

  /** Chairs and clerks: the desk's news (who checked in), never a tally. */
  toDesks<E extends EventName>(
    meetingId: string,
    event: E,
    payload: Payload<E>,
  ): void {
    this.emit(deskRoom(meetingId), event, payload);
  }

  toChairs<E extends EventName>(
    meetingId: string,
    event: E,
    payload: Payload<E>,
  ): void {
    this.emit(chairRoom(meetingId), event, payload);
  }

  toScreens<E extends EventName>(
    meetingId: string,
    event: E,
    payload: Payload<E>,
  ): void {
    this.emit(screenRoom(meetingId), event, payload);
  }

  toVoter<E extends EventName>(
    meetingId: string,
    voterId: string,
    event: E,
    payload: Payload<E>,
  ): void {
    this.emit(voterRoom(meetingId, voterId), event, payload);
  }

  private emit<E extends EventName>(
    room: string,
    event: E,
    payload: Payload<E>,
  ): void {
    if (!this.server) return;
    (this.server.to(room).emit as (event: E, payload: Payload<E>) => boolean)(
      event,
      payload,
    );
  }
}
