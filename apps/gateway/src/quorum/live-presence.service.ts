import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { PresenceEvent, QuorumEvent } from '@livevote/contracts';
import { LiveBroadcastService } from '../broadcast/live-broadcast.service';
import { PresenceRepository } from '../presence/presence.repository';
import { PresentUnitsService } from './present-units.service';
import { QuorumService } from './quorum.service';
import { PresenceStore } from '../presence/presence.store';
import { SentFiguresStore, type Figures } from './sent-figures.store';

const PRESENCE_INTERVAL_MS = 500;
const ATTENDANCE_FLUSH_MS = 1000;
/**
 * Each presence broadcast is two messages to every voter: past 500 voters the interval grows
 * with the audience (at most about 2,000 messages a second), or a crowd joining costs O(N^2).
 */
const PRESENCE_MS_PER_VOTER = 1;
const PRESENCE_MAX_INTERVAL_MS = 5000;

export function presenceIntervalMs(voters: number): number {
  return Math.min(
    PRESENCE_MAX_INTERVAL_MS,
    Math.max(PRESENCE_INTERVAL_MS, Math.round(voters * PRESENCE_MS_PER_VOTER)),
  );
}

export interface MeetingRef {
  id: string;
  shortCode: string;
  quorumMinimum: number;
}

/**
 * Presence and quorum of meetings, broadcast coalesced: at most one of each a meeting an
 * interval across nodes, the latest figures, and only when they changed (docs/live-protocol.md,
 * "Presence and quorum"); attendance recorded in batches.
 */
@Injectable()
export class LivePresenceService implements OnApplicationShutdown {
  private readonly logger = new Logger('Presence');
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Broadcasts this node recorded, a meeting: a cached snapshot older than one is checked again. */
  private readonly recorded = new Map<string, number>();
  private closed = false;
  /** Voters of each meeting at its last broadcast: how far the next one reaches. */
  private readonly audience = new Map<string, number>();
  private attended = new Set<string>();
  private readonly figures = new Map<
    string,
    {
      figures: Promise<[PresenceEvent, QuorumEvent]>;
      until: number;
      /** The count of `recorded` it was last compared with. */
      checked: number;
    }
  >();
  private readonly attendanceTimer: NodeJS.Timeout;
  /**
   * Told when a member's voter joins or is checked in at the desk: attending revokes its proxy
   * (docs/proxies.md); answers how many proxies it revoked.
   */
  private attendedListener?: (memberId: string) => Promise<number>;

  constructor(
    private readonly tracker: PresenceStore,
    private readonly repository: PresenceRepository,
    private readonly broadcaster: LiveBroadcastService,
    private readonly quorumCounter: QuorumService,
    private readonly presentUnits: PresentUnitsService,
    private readonly sent: SentFiguresStore,
  ) {
    this.attendanceTimer = setInterval(
      () => void this.flushAttendance(),
      ATTENDANCE_FLUSH_MS,
    );
    this.attendanceTimer.unref();
  }

  onAttended(listener: (memberId: string) => Promise<number>): void {
    this.attendedListener = listener;
  }

  async join(
    meeting: MeetingRef,
    voterId: string,
    memberId: string,
  ): Promise<void> {
    this.attended.add(voterId);
    // counted before any await: a socket closing meanwhile is counted out by its leave (the
    // tracker's local count changes synchronously), never counted in after it
    const [joined] = await Promise.all([
      this.tracker.join(meeting.id, voterId, memberId),
      this.attendedListener?.(memberId).catch((error: unknown) =>
        this.logger.warn(`attendance listener failed: ${String(error)}`),
      ),
    ]);
    if (joined) this.changed(meeting.id);
  }

  /**
   * A voter was checked in at the desk (docs/hybrid-meetings.md): attends as a join does, and
   * the quorum is sent again. Answers how many proxies the attendance revoked.
   */
  async checkedIn(meeting: MeetingRef, memberId: string): Promise<number> {
    const revoked =
      (await this.attendedListener?.(memberId).catch((error: unknown) => {
        this.logger.warn(`attendance listener failed: ${String(error)}`);
        return 0;
      })) ?? 0;
    this.changed(meeting.id);
    return revoked;
  }

  /** A voter was checked out at the desk: the quorum is sent again. */
  checkedOut(meeting: MeetingRef): void {
    this.changed(meeting.id);
  }

  /** A proxy's status or a holder's presence may have moved the quorum: sent as a join's is. */
  quorumChanged(meetingId: string): void {
    this.changed(meetingId);
  }

  async leave(
    meeting: MeetingRef,
    voterId: string,
    memberId: string,
  ): Promise<void> {
    if (await this.tracker.leave(meeting.id, voterId, memberId))
      this.changed(meeting.id);
  }

  /**
   * Presence and quorum for a snapshot: shared by every socket subscribing within the same
   * half second, so a crowd joining at once costs one count, not one per socket.
   */
  snapshotFigures(meeting: MeetingRef): Promise<[PresenceEvent, QuorumEvent]> {
    let hit = this.figures.get(meeting.id);
    if (!hit || hit.until <= Date.now()) {
      const figures = Promise.all([
        this.presence(meeting),
        this.quorum(meeting),
      ]);
      const entry = {
        figures,
        until: Date.now() + PRESENCE_INTERVAL_MS,
        checked: -1,
      };
      figures.catch(() => {
        if (this.figures.get(meeting.id) === entry)
          this.figures.delete(meeting.id);
      });
      this.figures.set(meeting.id, entry);
      hit = entry;
    }
    // the sockets it is given to may not get the next broadcast if it sends nothing new
    const recorded = this.recorded.get(meeting.id) ?? 0;
    if (hit.checked !== recorded) {
      hit.checked = recorded;
      hit.figures.then(
        ([presence, quorum]) => this.given(meeting.id, presence, quorum),
        () => undefined,
      );
    }
    return hit.figures;
  }

  /**
   * Whether a member is present at the meeting now, as the quorum counts it (PresentUnitsService: a
   * voter connected on some node, or checked in at the desk). Floor ballots take present
   * members only (docs/hybrid-meetings.md).
   */
  async isPresent(meetingId: string, memberId: string): Promise<boolean> {
    return (await this.presentUnits.of(meetingId)).includes(memberId);
  }

  presence(meeting: MeetingRef): Promise<PresenceEvent> {
    return this.tracker
      .count(meeting.id)
      .then((count) => ({ shortCode: meeting.shortCode, ...count }));
  }

  /** By the meeting's quorum settings (docs/verdicts.md, "Quorum"). */
  async quorum(meeting: Pick<MeetingRef, 'id'>): Promise<QuorumEvent> {
    const event = await this.quorumCounter.event(meeting.id);
    if (!event) throw new Error(`meeting ${meeting.id} not found`);
    return event;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearInterval(this.attendanceTimer);
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    await this.flushAttendance();
  }

  /**
   * Sends an interval after the first change: later than a snapshot cached before the change
   * is served, so the broadcast reads figures at least as new.
   */
  private changed(meetingId: string, wait?: number): void {
    if (this.pending.has(meetingId) || this.closed) return;
    wait ??= this.interval(meetingId);
    this.pending.set(
      meetingId,
      setTimeout(() => void this.broadcast(meetingId), wait),
    );
  }

  private interval(meetingId: string): number {
    return presenceIntervalMs(this.audience.get(meetingId) ?? 0);
  }

  private async broadcast(meetingId: string): Promise<void> {
    this.pending.delete(meetingId);
    try {
      const wait = await this.sent.slot(meetingId, this.interval(meetingId));
      // another node sent moments ago: ours follows when its slot ends, with fresh figures
      if (wait > 0) {
        this.changed(meetingId, wait);
        return;
      }
      // taken before the figures are read: a broadcast that began later read later
      const generation = await this.sent.generation(meetingId);
      const [count, quorum] = await Promise.all([
        this.tracker.count(meetingId),
        this.quorum({ id: meetingId }),
      ]);
      const presence = { shortCode: quorum.shortCode, ...count };
      if (presence.numVoters) this.audience.set(meetingId, presence.numVoters);
      else this.audience.delete(meetingId);
      const changed = await this.sent.record(
        meetingId,
        generation,
        figuresOf(presence, quorum),
      );
      this.recorded.set(meetingId, (this.recorded.get(meetingId) ?? 0) + 1);
      // a snapshot cached before this read may be older than what is about to be sent
      this.figures.delete(meetingId);
      if (changed.includes('presence'))
        this.broadcaster.toMeeting(meetingId, 'meeting.presence', presence);
      if (changed.includes('quorum'))
        this.broadcaster.toMeeting(meetingId, 'meeting.quorum', quorum);
    } catch (error) {
      this.logger.warn(`presence broadcast failed: ${String(error)}`);
    }
  }

  /**
   * Sockets were given these figures in a snapshot: if they are not what was last broadcast,
   * the next broadcast must go out even with the figures last broadcast, so one is scheduled.
   */
  private given(
    meetingId: string,
    presence: PresenceEvent,
    quorum: QuorumEvent,
  ): void {
    this.sent
      .given(meetingId, figuresOf(presence, quorum))
      .then((forgot) => forgot && this.changed(meetingId))
      .catch((error: unknown) =>
        this.logger.warn(`snapshot figures not compared: ${String(error)}`),
      );
  }

  private async flushAttendance(): Promise<void> {
    if (!this.attended.size) return;
    const voterIds = [...this.attended];
    this.attended = new Set();
    await this.repository.markInAttendance(voterIds).catch((error: unknown) => {
      voterIds.forEach((id) => this.attended.add(id));
      this.logger.warn(`recording attendance failed: ${String(error)}`);
    });
  }
}

function figuresOf(presence: PresenceEvent, quorum: QuorumEvent): Figures {
  return { presence: JSON.stringify(presence), quorum: JSON.stringify(quorum) };
}
