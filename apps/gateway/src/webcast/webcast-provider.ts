import type { CastProvider, WebcastProviderName } from '@livevote/contracts';

/** What a provider needs to know about the meeting. */
export interface WebcastMeetingInfo {
  id: string;
  shortCode: string;
  name: string;
  meetingDate: Date;
  /** Minutes. */
  duration: number;
  meetingTimezone: string;
}

/** The provider's side of a webcast, kept in the webcast's `castId` and `meta.room`. */
export interface WebcastRoom {
  castId: number;
  room: Record<string, unknown>;
}

/** The room as kept in `meta.room`, with the type it was made for. */
export interface WebcastRoomRef {
  castProvider: CastProvider;
  castId: number;
  room: unknown;
}

export interface WebcastLaunchInfo {
  startUrl: string;
  meetingCapacity: number;
  webinarCapacity: number;
  isInUse: boolean;
}

/** A person the provider is to know: a panelist or a registrant. */
export interface WebcastPerson {
  name: string;
  email: string;
}

/** A panelist or registrant as the provider answers it. */
export interface ProviderAttendee {
  email: string;
  providerId: string;
  joinUrl: string | null;
}

/** When and how long the rehearsal is (the webcast's `rehearsal*` fields). */
export interface WebcastRehearsal {
  at: Date;
  duration: number;
  timezone: string;
}

/** The rehearsal session at the provider, kept in `meta.room.rehearsal`. */
export interface RehearsalRoom extends Record<string, unknown> {
  id: string;
  at: string;
  duration: number;
  timezone: string;
  joinUrl: string | null;
}

/**
 * A video-conferencing provider (STYLE 8): one adapter per provider, chosen in the module from
 * `WEBCAST_PROVIDER` (docs/webcast.md). Adapters throw WebcastProviderError for what the
 * provider refused or could not be reached for.
 */
export abstract class WebcastProvider {
  abstract readonly name: WebcastProviderName;
  /**
   * True when the provider reports the session's start and end (webhooks): then `status`
   * follows its events. False: the first launch marks the webcast started.
   */
  abstract readonly reportsEvents: boolean;
  /** True when the provider keeps panelists and registrants, each with a personal link. */
  abstract readonly registersAttendees: boolean;

  /** Creates the conference at the provider for a new webcast. */
  abstract createRoom(
    meeting: WebcastMeetingInfo,
    castProvider: CastProvider,
  ): Promise<WebcastRoom>;

  /**
   * Moves the room to the meeting's current name, date, duration and time zone; answers the
   * room to keep, or null when it needed no change (or the provider schedules nothing).
   */
  abstract reschedule(
    webcast: WebcastRoomRef,
    meeting: WebcastMeetingInfo,
  ): Promise<Record<string, unknown> | null>;

  /** Whether a change of `castProvider` needs another room (a webinar is not a meeting). */
  abstract replacesRoom(from: CastProvider, to: CastProvider): boolean;

  /** Removes a room made by `createRoom`; an already removed one is not an error. */
  abstract deleteRoom(webcast: WebcastRoomRef): Promise<void>;

  /** The host's start link and the provider's capacities for an existing room. */
  abstract launch(
    webcast: WebcastRoomRef,
    meeting: WebcastMeetingInfo,
  ): Promise<WebcastLaunchInfo>;

  /** The link every voter shares, where the provider has no personal ones; else null. */
  abstract sharedJoinUrl(webcast: WebcastRoomRef): string | null;

  /** The room's panelists as the provider has them (webinars; a meeting has none). */
  abstract listPanelists(webcast: WebcastRoomRef): Promise<ProviderAttendee[]>;
  abstract addPanelists(
    webcast: WebcastRoomRef,
    people: WebcastPerson[],
  ): Promise<void>;
  abstract removePanelist(
    webcast: WebcastRoomRef,
    providerId: string,
  ): Promise<void>;

  /** Registers a voter; registering the same e-mail again answers the same registrant. */
  abstract register(
    webcast: WebcastRoomRef,
    person: WebcastPerson,
  ): Promise<ProviderAttendee>;

  /** How many voters `registerMany` takes in one request to the provider. */
  readonly registerBatchSize: number = 1;

  /**
   * Registers up to `registerBatchSize` voters in one request: for each person, in order, the
   * registrant, or why the provider did not register them (the next sync tries again). By
   * default one `register` each.
   */
  async registerMany(
    webcast: WebcastRoomRef,
    people: WebcastPerson[],
  ): Promise<(ProviderAttendee | WebcastProviderError)[]> {
    const answers: (ProviderAttendee | WebcastProviderError)[] = [];
    // a refusal of the room (gone, unreachable, limiting) is everyone's: not asked again
    let roomRefused: WebcastProviderError | undefined;
    for (const person of people) {
      if (roomRefused) {
        answers.push(roomRefused);
        continue;
      }
      const answer = await this.register(webcast, person).catch(
        (error: unknown) => {
          if (error instanceof WebcastProviderError) return error;
          throw error;
        },
      );
      if (
        answer instanceof WebcastProviderError &&
        (answer.options.unavailable || answer.notFound)
      )
        roomRefused = answer;
      answers.push(answer);
    }
    return answers;
  }
  abstract unregister(
    webcast: WebcastRoomRef,
    providerId: string,
  ): Promise<void>;

  /** Schedules the rehearsal, or moves the one already scheduled (`existing`). */
  abstract scheduleRehearsal(
    meeting: WebcastMeetingInfo,
    rehearsal: WebcastRehearsal,
    existing: RehearsalRoom | null,
  ): Promise<RehearsalRoom>;
  abstract cancelRehearsal(rehearsal: RehearsalRoom): Promise<void>;
}

/**
 * What the provider refused or could not be reached for: `unavailable` (unreachable, timed out,
 * rate-limited) is a 503 to the caller, anything else a 502; `reason` is the provider's own.
 */
export class WebcastProviderError extends Error {
  constructor(
    readonly provider: WebcastProviderName,
    readonly reason: string,
    readonly options: {
      unavailable?: boolean;
      status?: number;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(`${provider}: ${reason}`);
    this.name = 'WebcastProviderError';
  }

  /** The provider says the thing is not there (already deleted). */
  get notFound(): boolean {
    return this.options.status === 404;
  }
}
