import { createHash, randomBytes } from 'node:crypto';
import type { CastProvider } from '@livevote/contracts';
import {
  WebcastProvider,
  type ProviderAttendee,
  type RehearsalRoom,
  type WebcastLaunchInfo,
  type WebcastMeetingInfo,
  type WebcastRehearsal,
  type WebcastRoom,
  type WebcastRoomRef,
} from './webcast-provider';

const JITSI_DOMAIN = 'meet.jit.si';
/** meet.jit.si's advertised participant limit; Jitsi has no separate webinar mode. */
const JITSI_CAPACITY = 100;

interface JitsiRoom {
  provider: 'jitsi';
  domain: string;
  name: string;
}

/**
 * Jitsi Meet rooms need no API call: a room exists once someone opens its URL. The name
 * carries a random suffix (96 bits) so it cannot be guessed from the short code. Jitsi knows
 * no panelists or registrants: every voter shares the room's link, and the rehearsal is a
 * second room beside it (docs/webcast.md).
 */
export class JitsiWebcastProvider extends WebcastProvider {
  readonly name = 'jitsi' as const;
  readonly reportsEvents = false;
  readonly registersAttendees = false;

  async createRoom(
    meeting: WebcastMeetingInfo,
    _castProvider: CastProvider,
  ): Promise<WebcastRoom> {
    const name = `LiveVote-${meeting.shortCode}-${randomBytes(12).toString('hex')}`;
    const room: JitsiRoom = { provider: 'jitsi', domain: JITSI_DOMAIN, name };
    return { castId: castIdOf(name), room: { ...room } };
  }

  /** A Jitsi room has no time. */
  async reschedule(): Promise<null> {
    return null;
  }

  /** One room serves both types. */
  replacesRoom(): boolean {
    return false;
  }

  async deleteRoom(): Promise<void> {}

  async launch(webcast: WebcastRoomRef): Promise<WebcastLaunchInfo> {
    return {
      startUrl: roomUrl(jitsiRoom(webcast)),
      meetingCapacity: JITSI_CAPACITY,
      webinarCapacity: JITSI_CAPACITY,
      isInUse: false,
    };
  }

  sharedJoinUrl(webcast: WebcastRoomRef): string {
    return roomUrl(jitsiRoom(webcast));
  }

  async listPanelists(): Promise<ProviderAttendee[]> {
    return [];
  }

  async addPanelists(): Promise<void> {}

  async removePanelist(): Promise<void> {}

  register(): Promise<ProviderAttendee> {
    return Promise.reject(new Error('Jitsi has no registrants'));
  }

  async unregister(): Promise<void> {}

  async scheduleRehearsal(
    meeting: WebcastMeetingInfo,
    rehearsal: WebcastRehearsal,
    existing: RehearsalRoom | null,
  ): Promise<RehearsalRoom> {
    const id =
      existing?.id ??
      `LiveVote-${meeting.shortCode}-rehearsal-${randomBytes(12).toString('hex')}`;
    return {
      id,
      at: rehearsal.at.toISOString(),
      duration: rehearsal.duration,
      timezone: rehearsal.timezone,
      joinUrl: `https://${JITSI_DOMAIN}/${encodeURIComponent(id)}`,
    };
  }

  async cancelRehearsal(): Promise<void> {}
}

function jitsiRoom(webcast: WebcastRoomRef): JitsiRoom {
  const room = webcast.room as Partial<JitsiRoom> | undefined;
  if (room?.provider !== 'jitsi' || !room.name || !room.domain)
    throw new Error('webcast has no Jitsi room');
  return room as JitsiRoom;
}

function roomUrl(room: JitsiRoom): string {
  return `https://${room.domain}/${encodeURIComponent(room.name)}`;
}

/** A stable positive id from the room name (48 bits: a safe integer). */
function castIdOf(name: string): number {
  const id = parseInt(
    createHash('sha256').update(name).digest('hex').slice(0, 12),
    16,
  );
  return id || 1;
}
