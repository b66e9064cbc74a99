import { Injectable, Logger } from '@nestjs/common';
import {
  WEBCAST_REHEARSAL_META_KEY,
  WEBCAST_ROOM_META_KEY,
  type CastProvider,
  type PutWebcastRequest,
  type Webcast,
  type WebcastLaunch,
} from '@livevote/contracts';
import {
  AuditLogService,
  changesOf,
  fieldsOf,
} from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import {
  WebcastProvider,
  WebcastProviderError,
  type RehearsalRoom,
  type WebcastRehearsal,
  type WebcastRoom,
} from './webcast-provider';
import { WebcastSyncQueue } from './webcast-sync.queue';
import { WebcastErrorCode, WebcastException } from './webcast.exception';
import { mapWebcast, roomRefOf, webcastMeetingInfo } from './webcast.mapper';
import { WebcastRepository, type WebcastRow } from './webcast.repository';

/** What the audit log compares of a webcast (docs/verifiability.md). */
const WEBCAST_AUDITED = [
  'castProvider',
  'rehearsalAt',
  'rehearsalTimezone',
  'rehearsalDuration',
  'recordingsAt',
  'reportsAt',
] as const;

/** A rehearsal without a duration lasts this long (minutes; docs/webcast.md). */
const DEFAULT_REHEARSAL_MINUTES = 60;

@Injectable()
export class WebcastService {
  private readonly logger = new Logger('Webcast');

  constructor(
    private readonly meetings: MeetingAccessService,
    private readonly webcasts: WebcastRepository,
    private readonly provider: WebcastProvider,
    private readonly sync: WebcastSyncQueue,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
  ) {}

  /** The meeting's webcast, or undefined before one is set up. */
  async find(userId: string, shortCode: string): Promise<Webcast | undefined> {
    const meeting = await this.meetings.require(userId, shortCode);
    const row = await this.webcasts.findForMeeting(meeting.id);
    return row && mapWebcast(row);
  }

  /**
   * PUT replaces the client's fields (omitted ones are cleared); the provider's room
   * (`castId`, `meta.room`) is made on create and kept, unless another type needs another
   * room (a Zoom webinar is not a Zoom meeting). The rehearsal follows the rehearsal fields.
   * The provider is asked first, outside any transaction, so a slow provider never holds the
   * meeting's lock; if the webcast's room changed meanwhile (another PUT), what this one made
   * at the provider is removed again and the answer is 409 `webcast_changed`. Panelists and
   * registrants follow in the background (WebcastSyncService).
   */
  async put(
    userId: string,
    shortCode: string,
    body: PutWebcastRequest,
  ): Promise<{ webcast: Webcast; created: boolean }> {
    const meeting = await this.meetings.require(userId, shortCode);
    const seen = await this.webcasts.findForMeeting(meeting.id);
    const fields = {
      castProvider: body.castProvider,
      rehearsalAt: toDate(body.rehearsalAt),
      rehearsalTimezone: body.rehearsalTimezone ?? null,
      rehearsalDuration: body.rehearsalDuration ?? null,
      recordingsAt: toDate(body.recordingsAt),
      reportsAt: toDate(body.reportsAt),
    };
    const plan = await this.atProvider(this.prepare(meeting, seen, fields));
    let done: { row: WebcastRow; created: boolean };
    try {
      done = await this.unitOfWork.run(async () => {
        const locked = await this.meetings.requireForUpdate(userId, shortCode);
        const existing = await this.webcasts.findForMeeting(locked.id, {
          lock: true,
        });
        if (providerSideOf(existing) !== providerSideOf(seen))
          throw new WebcastException(WebcastErrorCode.WebcastChanged);
        const now = this.clock.now();
        if (existing) {
          if (plan.room) await this.webcasts.deleteAttendees(existing.id);
          const room = plan.room ?? {
            castId: existing.castId,
            room: existing.meta[WEBCAST_ROOM_META_KEY],
          };
          const row = await this.webcasts.update(existing.id, {
            ...fields,
            updatedAt: now,
            castId: room.castId,
            meta: withProviderKeys(body.meta, room.room, plan.rehearsal),
            ...(plan.room ? { status: 'not-started', statusAt: null } : {}),
          });
          const changes = changesOf(existing, row, WEBCAST_AUDITED);
          if (Object.keys(changes).length)
            await this.audit.record({
              meetingId: locked.id,
              kind: 'webcast.update',
              actor: { userId },
              subject: { type: 'webcast', key: row.id },
              changes,
            });
          return { row, created: false };
        }
        const room = plan.room!;
        const row = await this.webcasts.insert({
          ...fields,
          meetingId: locked.id,
          castId: room.castId,
          meta: withProviderKeys(body.meta, room.room, plan.rehearsal),
          status: 'not-started',
          createdAt: now,
          updatedAt: now,
        });
        await this.audit.record({
          meetingId: locked.id,
          kind: 'webcast.create',
          actor: { userId },
          subject: { type: 'webcast', key: row.id },
          changes: { after: fieldsOf(row, WEBCAST_AUDITED) },
        });
        return { row, created: true };
      });
    } catch (error) {
      await this.removeAtProvider(plan.undo, meeting.id);
      throw error;
    }
    // what the old room and rehearsal leave at the provider is removed once the change holds
    await this.removeAtProvider(plan.cleanUp, meeting.id);
    if (this.provider.registersAttendees) await this.sync.request(done.row.id);
    return { webcast: mapWebcast(done.row), created: done.created };
  }

  /**
   * What the PUT needs at the provider: a room when there is none or the type needs another,
   * the rehearsal the fields ask for; with what to remove once the change holds (`cleanUp`)
   * and what to remove if it does not (`undo`).
   */
  private async prepare(
    meeting: MeetingRow,
    existing: WebcastRow | undefined,
    fields: {
      castProvider: CastProvider;
      rehearsalAt: Date | null;
      rehearsalDuration: number | null;
      rehearsalTimezone: string | null;
    },
  ): Promise<{
    room: WebcastRoom | null;
    rehearsal: RehearsalRoom | null;
    cleanUp: (() => Promise<void>)[];
    undo: (() => Promise<void>)[];
  }> {
    const cleanUp: (() => Promise<void>)[] = [];
    const undo: (() => Promise<void>)[] = [];
    const before = existing
      ? ((existing.meta[WEBCAST_REHEARSAL_META_KEY] as RehearsalRoom | null) ??
        null)
      : null;
    const rehearsal = await this.rehearsalFor(meeting, fields, before);
    if (rehearsal && rehearsal.id !== before?.id)
      undo.push(() => this.provider.cancelRehearsal(rehearsal));
    if (before && rehearsal?.id !== before.id)
      cleanUp.push(() => this.provider.cancelRehearsal(before));
    const replace =
      existing !== undefined &&
      this.provider.replacesRoom(
        existing.castProvider as CastProvider,
        fields.castProvider,
      );
    let room: WebcastRoom | null = null;
    if (!existing || replace) {
      try {
        room = await this.provider.createRoom(
          webcastMeetingInfo(meeting),
          fields.castProvider,
        );
      } catch (error) {
        await this.removeAtProvider(undo, meeting.id);
        throw error;
      }
      const made = { castProvider: fields.castProvider, ...room };
      undo.push(() => this.provider.deleteRoom(made));
    }
    if (existing && replace) {
      const old = roomRefOf(existing);
      cleanUp.push(() => this.provider.deleteRoom(old));
    }
    return { room, rehearsal, cleanUp, undo };
  }

  /** Best-effort removals at the provider: a failure is logged, never the caller's. */
  private async removeAtProvider(
    steps: (() => Promise<void>)[],
    meetingId: string,
  ): Promise<void> {
    for (const step of steps)
      await step().catch((error: unknown) =>
        this.logger.warn(
          `meeting ${meetingId}: removing at the webcast provider failed: ${String(error)}`,
        ),
      );
  }

  /**
   * The host's start link, the provider's capacities, whether the host is busy in another
   * session, and whether the audience outnumbers the room. The provider is asked outside any
   * transaction: a slow provider never holds the meeting's lock. Without provider events, the
   * first launch marks the webcast started; with them, the provider's events do.
   */
  async launch(userId: string, shortCode: string): Promise<WebcastLaunch> {
    const meeting = await this.meetings.require(userId, shortCode);
    const webcast = await this.require(meeting.id);
    const ref = roomRefOf(webcast);
    const launch = await this.atProvider(
      this.provider.launch(ref, webcastMeetingInfo(meeting)),
    );
    const webinar = ref.castProvider === 'video';
    const capacity = webinar ? launch.webinarCapacity : launch.meetingCapacity;
    const audience = await this.webcasts.countAudience(meeting.id, webinar);
    if (!this.provider.reportsEvents && webcast.status !== 'started')
      await this.markStarted(userId, shortCode);
    return { ...launch, capacityWarning: audience > capacity };
  }

  /** The first launch of a webcast whose provider reports no events: started, audited once. */
  private markStarted(userId: string, shortCode: string): Promise<void> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.meetings.requireForUpdate(userId, shortCode);
      const webcast = await this.require(meeting.id);
      if (webcast.status === 'started') return;
      await this.webcasts.update(webcast.id, {
        status: 'started',
        updatedAt: this.clock.now(),
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'webcast.start',
        actor: { userId },
        subject: { type: 'webcast', key: webcast.id },
        changes: { status: { from: webcast.status, to: 'started' } },
      });
    });
  }

  /**
   * Asks for a sync of the meeting's webcast, if it has one at a provider that registers
   * voters: after its voters, or its name, date, duration or time zone changed.
   */
  async meetingChanged(meetingId: string): Promise<void> {
    if (!this.provider.registersAttendees) return;
    const webcast = await this.webcasts.findForMeeting(meetingId);
    if (webcast) await this.sync.request(webcast.id);
  }

  /** The rehearsal at the provider the fields ask for: scheduled, moved, or none. */
  private async rehearsalFor(
    meeting: MeetingRow,
    fields: {
      rehearsalAt: Date | null;
      rehearsalDuration: number | null;
      rehearsalTimezone: string | null;
    },
    existing: RehearsalRoom | null,
  ): Promise<RehearsalRoom | null> {
    if (!fields.rehearsalAt) return null;
    const wanted: WebcastRehearsal = {
      at: fields.rehearsalAt,
      duration: fields.rehearsalDuration ?? DEFAULT_REHEARSAL_MINUTES,
      timezone: fields.rehearsalTimezone ?? meeting.meetingTimezone,
    };
    if (
      existing &&
      existing.at === wanted.at.toISOString() &&
      existing.duration === wanted.duration &&
      existing.timezone === wanted.timezone
    )
      return existing;
    return this.provider.scheduleRehearsal(
      webcastMeetingInfo(meeting),
      wanted,
      existing,
    );
  }

  /** A provider's failure as problem details (502/503), never a 500. */
  private async atProvider<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof WebcastProviderError)
        throw WebcastException.fromProvider(error);
      throw error;
    }
  }

  private async require(meetingId: string): Promise<WebcastRow> {
    const row = await this.webcasts.findForMeeting(meetingId);
    if (!row) throw new WebcastException(WebcastErrorCode.WebcastNotFound);
    return row;
  }
}

/** The webcast's provider side as a PUT saw it: a change of it meanwhile is a conflict. */
function providerSideOf(row: WebcastRow | undefined): string {
  if (!row) return 'none';
  return JSON.stringify([
    row.id,
    row.castId,
    row.castProvider,
    row.meta[WEBCAST_REHEARSAL_META_KEY] ?? null,
  ]);
}

function toDate(value: string | null | undefined): Date | null {
  return value ? new Date(value) : null;
}

function withProviderKeys(
  meta: Record<string, unknown> | null | undefined,
  room: unknown,
  rehearsal: RehearsalRoom | null,
): Record<string, unknown> {
  return {
    ...meta,
    [WEBCAST_ROOM_META_KEY]: room,
    ...(rehearsal ? { [WEBCAST_REHEARSAL_META_KEY]: rehearsal } : {}),
  };
}
