import type { CastProvider } from '@livevote/contracts';
import type { ZoomConfig } from '../config/app-config';
import {
  WebcastProvider,
  WebcastProviderError,
  type ProviderAttendee,
  type RehearsalRoom,
  type WebcastLaunchInfo,
  type WebcastMeetingInfo,
  type WebcastPerson,
  type WebcastRehearsal,
  type WebcastRoom,
  type WebcastRoomRef,
} from './webcast-provider';
import type { ZoomApiClient } from './zoom-api.client';

/** What `meta.room` keeps of a Zoom webinar or meeting. */
export interface ZoomRoom {
  provider: 'zoom';
  kind: 'webinar' | 'meeting';
  id: number;
  uuid?: string;
  /** The link without registration; voters get their registrant's link instead. */
  joinUrl?: string;
  /** What the session was scheduled with, to tell when the meeting moved. */
  schedule?: ZoomSchedule;
}

interface ZoomSchedule {
  topic: string;
  start_time: string;
  duration: number;
  timezone: string;
}

/** Zoom takes at most this many panelists in one request. */
const PANELISTS_PER_REQUEST = 30;
/** Zoom's topic limit. */
const TOPIC_LENGTH = 200;

interface ZoomSession {
  id: number;
  uuid?: string;
  join_url?: string;
  start_url?: string;
}

interface ZoomUserSettings {
  feature?: {
    meeting_capacity?: number;
    large_meeting?: boolean;
    large_meeting_capacity?: number;
    webinar?: boolean;
    webinar_capacity?: number;
  };
}

/**
 * Zoom's REST API v2 (docs/webcast.md): `video` is a webinar, `video-meeting` a meeting, both
 * scheduled for the meeting's date, duration and time zone under the configured host, with
 * registration approved automatically so every voter can have a personal link. Zoom's own
 * e-mails to registrants and panelists are off: the gateway's invite carries the link.
 */
export class ZoomWebcastProvider extends WebcastProvider {
  readonly name = 'zoom' as const;
  readonly reportsEvents = true;
  readonly registersAttendees = true;

  constructor(
    private readonly api: ZoomApiClient,
    private readonly config: ZoomConfig,
  ) {
    super();
  }

  async createRoom(
    meeting: WebcastMeetingInfo,
    castProvider: CastProvider,
  ): Promise<WebcastRoom> {
    const kind = kindOf(castProvider);
    const schedule = scheduleOf(meeting);
    const session = await this.api.request<ZoomSession>(
      'POST',
      `/users/${this.host}/${kind}s`,
      {
        body:
          kind === 'webinar'
            ? {
                ...schedule,
                type: 5,
                settings: {
                  approval_type: 0,
                  registrants_email_notification: false,
                  panelists_invitation_email_notification: false,
                },
              }
            : {
                ...schedule,
                type: 2,
                settings: {
                  approval_type: 0,
                  registrants_email_notification: false,
                },
              },
      },
    );
    if (!Number.isSafeInteger(session?.id))
      throw new WebcastProviderError('zoom', `Zoom answered no ${kind} id.`);
    const room: ZoomRoom = {
      provider: 'zoom',
      kind,
      id: session.id,
      ...(session.uuid ? { uuid: session.uuid } : {}),
      ...(session.join_url ? { joinUrl: session.join_url } : {}),
      schedule,
    };
    return { castId: session.id, room: { ...room } };
  }

  async reschedule(
    webcast: WebcastRoomRef,
    meeting: WebcastMeetingInfo,
  ): Promise<Record<string, unknown> | null> {
    const room = zoomRoom(webcast);
    const schedule = scheduleOf(meeting);
    const before = room.schedule;
    if (
      before &&
      before.topic === schedule.topic &&
      before.start_time === schedule.start_time &&
      before.duration === schedule.duration &&
      before.timezone === schedule.timezone
    )
      return null;
    await this.api.request('PATCH', `/${room.kind}s/${room.id}`, {
      retry: true,
      body: schedule,
    });
    return { ...room, schedule };
  }

  replacesRoom(from: CastProvider, to: CastProvider): boolean {
    return kindOf(from) !== kindOf(to);
  }

  async deleteRoom(webcast: WebcastRoomRef): Promise<void> {
    const room = zoomRoom(webcast);
    await this.ignoringGone(
      this.api.request('DELETE', `/${room.kind}s/${room.id}`, { retry: true }),
    );
  }

  async launch(webcast: WebcastRoomRef): Promise<WebcastLaunchInfo> {
    const room = zoomRoom(webcast);
    // start_url carries a short-lived token: read it fresh at each launch
    const [session, settings, live] = await Promise.all([
      this.api.request<ZoomSession>('GET', `/${room.kind}s/${room.id}`),
      this.api.request<ZoomUserSettings>('GET', `/users/${this.host}/settings`),
      this.api.request<{ meetings?: { id?: number }[] }>(
        'GET',
        `/users/${this.host}/meetings`,
        { query: { type: 'live', page_size: '30' } },
      ),
    ]);
    if (!session?.start_url)
      throw new WebcastProviderError(
        'zoom',
        `Zoom answered no start_url for ${room.kind} ${room.id}.`,
      );
    const feature = settings?.feature ?? {};
    return {
      startUrl: session.start_url,
      meetingCapacity: feature.large_meeting
        ? (feature.large_meeting_capacity ?? feature.meeting_capacity ?? 0)
        : (feature.meeting_capacity ?? 0),
      webinarCapacity: feature.webinar ? (feature.webinar_capacity ?? 0) : 0,
      isInUse: (live?.meetings ?? []).some(
        (other) => other.id !== undefined && other.id !== room.id,
      ),
    };
  }

  sharedJoinUrl(): null {
    return null;
  }

  async listPanelists(webcast: WebcastRoomRef): Promise<ProviderAttendee[]> {
    const room = zoomRoom(webcast);
    if (room.kind !== 'webinar') return [];
    const answer = await this.api.request<{
      panelists?: { id: string; email: string; join_url?: string }[];
    }>('GET', `/webinars/${room.id}/panelists`);
    return (answer?.panelists ?? []).map((panelist) => ({
      email: panelist.email,
      providerId: String(panelist.id),
      joinUrl: panelist.join_url ?? null,
    }));
  }

  async addPanelists(
    webcast: WebcastRoomRef,
    people: WebcastPerson[],
  ): Promise<void> {
    const room = zoomRoom(webcast);
    if (room.kind !== 'webinar') return;
    for (let i = 0; i < people.length; i += PANELISTS_PER_REQUEST)
      await this.api.request('POST', `/webinars/${room.id}/panelists`, {
        // Zoom adds an e-mail that is already a panelist once
        retry: true,
        body: {
          panelists: people
            .slice(i, i + PANELISTS_PER_REQUEST)
            .map(({ name, email }) => ({ name: name || email, email })),
        },
      });
  }

  async removePanelist(
    webcast: WebcastRoomRef,
    providerId: string,
  ): Promise<void> {
    const room = zoomRoom(webcast);
    await this.ignoringGone(
      this.api.request(
        'DELETE',
        `/webinars/${room.id}/panelists/${encodeURIComponent(providerId)}`,
        { retry: true },
      ),
    );
  }

  async register(
    webcast: WebcastRoomRef,
    person: WebcastPerson,
  ): Promise<ProviderAttendee> {
    const room = zoomRoom(webcast);
    const answer = await this.api.request<{
      id?: number | string;
      registrant_id?: string;
      join_url?: string;
    }>('POST', `/${room.kind}s/${room.id}/registrants`, {
      // Zoom answers the same registrant for an e-mail registered before
      retry: true,
      body: registrantOf(person),
    });
    if (!answer?.registrant_id)
      throw new WebcastProviderError(
        'zoom',
        `Zoom answered no registrant_id for ${room.kind} ${room.id}.`,
      );
    return {
      email: person.email,
      providerId: answer.registrant_id,
      joinUrl: answer.join_url ?? null,
    };
  }

  /** Zoom's batch registration takes at most 30 registrants a request. */
  override readonly registerBatchSize = 30;

  /**
   * One `batch_registrants` request for up to 30 voters (auto-approved, Zoom's own e-mails
   * off). Should Zoom refuse the batch with a 400 (one address it will not take, say), each
   * voter is registered on its own, so one refusal holds up no other.
   */
  override async registerMany(
    webcast: WebcastRoomRef,
    people: WebcastPerson[],
  ): Promise<(ProviderAttendee | WebcastProviderError)[]> {
    if (people.length <= 1) return super.registerMany(webcast, people);
    const room = zoomRoom(webcast);
    let answer: {
      registrants?: {
        email?: string;
        registrant_id?: string;
        join_url?: string;
      }[];
    } | null;
    try {
      answer = await this.api.request(
        'POST',
        `/${room.kind}s/${room.id}/batch_registrants`,
        {
          // as one registration: Zoom answers the registrant already there for an e-mail
          retry: true,
          body: {
            auto_approve: true,
            ...(room.kind === 'meeting'
              ? { registrants_confirmation_email: false }
              : {}),
            registrants: people.map(registrantOf),
          },
        },
      );
    } catch (error) {
      // a 400 may be one registrant Zoom will not take: each alone; a missing room (404),
      // a refused app (401, 403) or an outage is the room's, and fails the batch as it is
      if (
        error instanceof WebcastProviderError &&
        !error.options.unavailable &&
        error.options.status === 400
      )
        return super.registerMany(webcast, people);
      throw error;
    }
    const byEmail = new Map(
      (answer?.registrants ?? []).flatMap((r) =>
        r.email && r.registrant_id ? [[r.email.toLowerCase(), r] as const] : [],
      ),
    );
    return people.map((person) => {
      const registrant = byEmail.get(person.email.toLowerCase());
      return registrant
        ? {
            email: person.email,
            providerId: registrant.registrant_id!,
            joinUrl: registrant.join_url ?? null,
          }
        : new WebcastProviderError(
            'zoom',
            `Zoom's batch registration for ${room.kind} ${room.id} answered no registrant for one of its voters.`,
          );
    });
  }

  async unregister(webcast: WebcastRoomRef, providerId: string): Promise<void> {
    const room = zoomRoom(webcast);
    await this.ignoringGone(
      this.api.request(
        'DELETE',
        `/${room.kind}s/${room.id}/registrants/${encodeURIComponent(providerId)}`,
        { retry: true },
      ),
    );
  }

  /**
   * The rehearsal is a Zoom meeting of its own beside the webinar or meeting (a webinar's
   * practice session has no time of its own): its link goes to the panelists.
   */
  async scheduleRehearsal(
    meeting: WebcastMeetingInfo,
    rehearsal: WebcastRehearsal,
    existing: RehearsalRoom | null,
  ): Promise<RehearsalRoom> {
    const schedule = {
      start_time: zoomTime(rehearsal.at),
      duration: rehearsal.duration,
      timezone: rehearsal.timezone,
    };
    const moved = (id: string, joinUrl: string | null): RehearsalRoom => ({
      id,
      at: rehearsal.at.toISOString(),
      duration: rehearsal.duration,
      timezone: rehearsal.timezone,
      joinUrl,
    });
    if (existing) {
      try {
        await this.api.request('PATCH', `/meetings/${existing.id}`, {
          retry: true,
          body: schedule,
        });
        return moved(existing.id, existing.joinUrl);
      } catch (error) {
        // deleted by hand at Zoom: schedule a new one
        if (!(error instanceof WebcastProviderError && error.notFound))
          throw error;
      }
    }
    const session = await this.api.request<ZoomSession>(
      'POST',
      `/users/${this.host}/meetings`,
      {
        body: {
          ...schedule,
          topic: `Rehearsal: ${meeting.name}`.slice(0, TOPIC_LENGTH),
          type: 2,
          settings: { join_before_host: true },
        },
      },
    );
    if (!Number.isSafeInteger(session?.id))
      throw new WebcastProviderError('zoom', 'Zoom answered no meeting id.');
    return moved(String(session.id), session.join_url ?? null);
  }

  async cancelRehearsal(rehearsal: RehearsalRoom): Promise<void> {
    await this.ignoringGone(
      this.api.request('DELETE', `/meetings/${rehearsal.id}`, { retry: true }),
    );
  }

  private get host(): string {
    return encodeURIComponent(this.config.hostUser);
  }

  /** A 404 on removal: already gone, which is what was wanted. */
  private async ignoringGone(request: Promise<unknown>): Promise<void> {
    try {
      await request;
    } catch (error) {
      if (!(error instanceof WebcastProviderError && error.notFound))
        throw error;
    }
  }
}

function scheduleOf(meeting: WebcastMeetingInfo): ZoomSchedule {
  return {
    topic: meeting.name.slice(0, TOPIC_LENGTH) || meeting.shortCode,
    start_time: zoomTime(meeting.meetingDate),
    duration: meeting.duration,
    timezone: meeting.meetingTimezone,
  };
}

function kindOf(castProvider: CastProvider): ZoomRoom['kind'] {
  return castProvider === 'video' ? 'webinar' : 'meeting';
}

function zoomRoom(webcast: WebcastRoomRef): ZoomRoom {
  const room = webcast.room as Partial<ZoomRoom> | undefined;
  if (room?.provider !== 'zoom' || !room.kind || !room.id)
    throw new WebcastProviderError(
      'zoom',
      'The webcast was not made at Zoom; set it up again with PUT.',
    );
  return room as ZoomRoom;
}

/** Zoom's GMT form, `yyyy-MM-ddTHH:mm:ssZ` (no milliseconds). */
function zoomTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A voter as Zoom registers one: the name split into first and last, each cut to 64. */
function registrantOf(person: WebcastPerson) {
  const [first, ...rest] = (person.name.trim() || person.email.split('@')[0])
    .split(/\s+/)
    .filter(Boolean);
  return {
    email: person.email,
    first_name: (first ?? person.email).slice(0, 64),
    last_name: rest.join(' ').slice(0, 64) || undefined,
  };
}
