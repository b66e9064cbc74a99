import type { CastProvider } from '@livevote/contracts';

/** What a provider needs to know about the meeting. */
export interface WebcastMeetingInfo {
  id: string;
  shortCode: string;
  name: string;
}

/** The provider's side of a webcast, kept in the webcast's `castId` and `meta.room`. */
export interface WebcastRoom {
  castId: number;
  room: Record<string, unknown>;
}

export interface WebcastLaunchInfo {
  startUrl: string;
  meetingCapacity: number;
  webinarCapacity: number;
  isInUse: boolean;
}

/** A video-conferencing provider (STYLE 8): one adapter per provider, chosen in the module. */
export abstract class WebcastProvider {
  /** Creates the conference at the provider for a new webcast. */
  abstract createRoom(
    meeting: WebcastMeetingInfo,
    castProvider: CastProvider,
  ): Promise<WebcastRoom>;

  /** The host's start link and the provider's capacities for an existing room. */
  abstract launch(
    webcast: { castProvider: CastProvider; castId: number; room: unknown },
    meeting: WebcastMeetingInfo,
  ): Promise<WebcastLaunchInfo>;
}
