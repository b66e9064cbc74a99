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

  async get(userId: string, shortCode: string): Promise<Webcast> {
    const meeting = await this.meetings.require(userId, shortCode);
    return mapWebcast(await this.require(meeting.id));
  }

  /**
   * PUT replaces the client's fields (omitted ones are cleared); the provider's room
   * (`castId`, `meta.room`) is made on create and kept, unless another type needs another
   * room (a Zoom webinar is not a Zoom meeting). The rehearsal follows the rehearsal fields.
   * Panelists and registrants follow in the background (WebcastSyncService).
   */
  async put(
    userId: string,
    shortCode: string,
    body: PutWebcastRequest,
  ): Promise<{ webcast: Webcast; created: boolean }> {
    const done = await this.unitOfWork.run(async () => {
      const meeting = await this.meetings.requireForUpdate(userId, shortCode);
      const existing = await this.webcasts.findForMeeting(meeting.id, {
        lock: true,
      });
      const now = this.clock.now();
      const fields = {
        castProvider: body.castProvider,
        rehearsalAt: toDate(body.rehearsalAt),
        rehearsalTimezone: body.rehearsalTimezone ?? null,
        rehearsalDuration: body.rehearsalDuration ?? null,
        recordingsAt: toDate(body.recordingsAt),
        reportsAt: toDate(body.reportsAt),
        updatedAt: now,
      };
      const before = existing
        ? ((existing.meta[
            WEBCAST_REHEARSAL_META_KEY
          ] as RehearsalRoom | null) ?? null)
        : null;
      const rehearsal = await this.atProvider(
        this.rehearsalFor(meeting, fields, before),
      );
      const cleanUp: (() => Promise<void>)[] = [];
      if (before && rehearsal?.id !== before.id)
        cleanUp.push(() => this.provider.cancelRehearsal(before));

      if (existing) {
        const oldRef = roomRefOf(existing);
        const replace = this.provider.replacesRoom(
          existing.castProvider as CastProvider,
          body.castProvider,
        );
        const room = replace
          ? await this.atProvider(
              this.provider.createRoom(
                webcastMeetingInfo(meeting),
                body.castProvider,
              ),
            )
          : { castId: existing.castId, room: oldRef.room };
        if (replace) {
          await this.webcasts.deleteAttendees(existing.id);
          cleanUp.push(() => this.provider.deleteRoom(oldRef));
        }
        const row = await this.webcasts.update(existing.id, {
          ...fields,
          castId: room.castId,
          meta: withProviderKeys(body.meta, room.room, rehearsal),
          ...(replace ? { status: 'not-started', statusAt: null } : {}),
        });
        const changes = changesOf(existing, row, WEBCAST_AUDITED);
        if (Object.keys(changes).length)
          await this.audit.record({
            meetingId: meeting.id,
            kind: 'webcast.update',
            actor: { userId },
            subject: { type: 'webcast', key: row.id },
            changes,
          });
        return { row, created: false, cleanUp };
      }
      const room = await this.atProvider(
        this.provider.createRoom(
          webcastMeetingInfo(meeting),
          body.castProvider,
        ),
      );
      const row = await this.webcasts.insert({
        ...fields,
        meetingId: meeting.id,
        castId: room.castId,
        meta: withProviderKeys(body.meta, room.room, rehearsal),
        status: 'not-started',
        createdAt: now,
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'webcast.create',
        actor: { userId },
        subject: { type: 'webcast', key: row.id },
        changes: { after: fieldsOf(row, WEBCAST_AUDITED) },
      });
      return { row, created: true, cleanUp };
    });
    // what the old room and rehearsal leave at the provider is removed once the change holds
    for (const step of done.cleanUp)
      await step().catch((error: unknown) =>
        this.logger.warn(
          `webcast ${done.row.id}: removing at the provider failed: ${String(error)}`,
        ),
      );
    if (this.provider.registersAttendees) await this.sync.request(done.row.id);
    return { webcast: mapWebcast(done.row), created: done.created };
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
