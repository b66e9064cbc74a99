import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { PresenceEvent, QuorumEvent } from '@livevote/contracts';
import { LiveBroadcaster } from '../broadcast/live-broadcaster';
import { PresenceRepository } from './presence.repository';
import { PresentUnits } from './present-units';
import { QuorumCounter } from './quorum-counter';
import { PresenceTracker } from './presence-tracker';

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

/** Presence and quorum of meetings, broadcast coalesced; attendance recorded in batches. */
@Injectable()
export class LivePresence implements OnApplicationShutdown {
  private readonly logger = new Logger('Presence');
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Voters of each meeting at its last broadcast: how far the next one reaches. */
  private readonly audience = new Map<string, number>();
  private attended = new Set<string>();
  private readonly figures = new Map<
    string,
    { figures: Promise<[PresenceEvent, QuorumEvent]>; until: number }
  >();
  private readonly attendanceTimer: NodeJS.Timeout;
  /**
   * Told when a member's voter joins or is checked in at the desk: attending revokes its proxy
   * (docs/proxies.md); answers how many proxies it revoked.
   */
  private attendedListener?: (memberId: string) => Promise<number>;

  constructor(
    private readonly tracker: PresenceTracker,
    private readonly repository: PresenceRepository,
    private readonly broadcaster: LiveBroadcaster,
    private readonly quorumCounter: QuorumCounter,
    private readonly presentUnits: PresentUnits,
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
    if (joined) this.changed(meeting);
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
    this.changed(meeting);
    return revoked;
  }

  /** A voter was checked out at the desk: the quorum is sent again. */
  checkedOut(meeting: MeetingRef): void {
    this.changed(meeting);
  }

  async leave(
    meeting: MeetingRef,
    voterId: string,
    memberId: string,
  ): Promise<void> {
    if (await this.tracker.leave(meeting.id, voterId, memberId))
      this.changed(meeting);
  }

  /**
   * Presence and quorum for a snapshot: shared by every socket subscribing within the same
   * half second, so a crowd joining at once costs one count, not one per socket.
   */
  snapshotFigures(meeting: MeetingRef): Promise<[PresenceEvent, QuorumEvent]> {
    const hit = this.figures.get(meeting.id);
    if (hit && hit.until > Date.now()) return hit.figures;
    const figures = Promise.all([this.presence(meeting), this.quorum(meeting)]);
    this.figures.set(meeting.id, {
      figures,
      until: Date.now() + PRESENCE_INTERVAL_MS,
    });
    figures.catch(() => this.figures.delete(meeting.id));
    return figures;
  }

  /**
   * Whether a member is present at the meeting now, as the quorum counts it (PresentUnits: a
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
    clearInterval(this.attendanceTimer);
    for (const timer of this.pending.values()) clearTimeout(timer);
    await this.flushAttendance();
  }

  private changed(meeting: MeetingRef): void {
    if (this.pending.has(meeting.id)) return;
    this.pending.set(
      meeting.id,
      setTimeout(
        () => void this.broadcast(meeting),
        presenceIntervalMs(this.audience.get(meeting.id) ?? 0),
      ),
    );
  }

  private async broadcast(meeting: MeetingRef): Promise<void> {
    this.pending.delete(meeting.id);
    try {
      const [presence, quorum] = await Promise.all([
        this.presence(meeting),
        this.quorum(meeting),
      ]);
      if (presence.numVoters) this.audience.set(meeting.id, presence.numVoters);
      else this.audience.delete(meeting.id);
      this.broadcaster.toMeeting(meeting.id, 'meeting.presence', presence);
      this.broadcaster.toMeeting(meeting.id, 'meeting.quorum', quorum);
    } catch (error) {
      this.logger.warn(`presence broadcast failed: ${String(error)}`);
    }
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
