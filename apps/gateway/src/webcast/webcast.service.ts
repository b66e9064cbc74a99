import {
  AuditLogService,
  changesOf,
  fieldsOf,
} from '../audit/audit-log.service';
import { Injectable } from '@nestjs/common';
import {
  WEBCAST_ROOM_META_KEY,
  type CastProvider,
  type PutWebcastRequest,
  type Webcast,
  type WebcastLaunch,
} from '@livevote/contracts';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { WebcastProvider } from './webcast-provider';
import { WebcastErrorCode, WebcastException } from './webcast.exception';
import { mapWebcast } from './webcast.mapper';
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

@Injectable()
export class WebcastService {
  constructor(
    private readonly meetings: MeetingAccessService,
    private readonly webcasts: WebcastRepository,
    private readonly provider: WebcastProvider,
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
   * (`castId`, `meta.room`) is made once, on create, and kept.
   */
  put(
    userId: string,
    shortCode: string,
    body: PutWebcastRequest,
  ): Promise<{ webcast: Webcast; created: boolean }> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.meetings.requireForUpdate(userId, shortCode);
      const existing = await this.webcasts.findForMeeting(meeting.id);
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
      if (existing) {
        const row = await this.webcasts.update(existing.id, {
          ...fields,
          meta: withRoom(body.meta, existing.meta[WEBCAST_ROOM_META_KEY]),
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
        return { webcast: mapWebcast(row), created: false };
      }
      const room = await this.provider.createRoom(meeting, body.castProvider);
      const row = await this.webcasts.insert({
        ...fields,
        meetingId: meeting.id,
        castId: room.castId,
        meta: withRoom(body.meta, room.room),
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
      return { webcast: mapWebcast(row), created: true };
    });
  }

  /** The host's start link; the first launch marks the webcast started. */
  launch(userId: string, shortCode: string): Promise<WebcastLaunch> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.meetings.requireForUpdate(userId, shortCode);
      const webcast = await this.require(meeting.id);
      const castProvider = webcast.castProvider as CastProvider;
      const launch = await this.provider.launch(
        {
          castProvider,
          castId: webcast.castId,
          room: webcast.meta[WEBCAST_ROOM_META_KEY],
        },
        meeting,
      );
      const capacity =
        castProvider === 'video'
          ? launch.webinarCapacity
          : launch.meetingCapacity;
      const voters = await this.webcasts.countVoters(meeting.id);
      if (webcast.status !== 'started') {
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
      }
      return { ...launch, capacityWarning: voters > capacity };
    });
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

function withRoom(
  meta: Record<string, unknown> | null | undefined,
  room: unknown,
): Record<string, unknown> {
  return { ...meta, [WEBCAST_ROOM_META_KEY]: room };
}
