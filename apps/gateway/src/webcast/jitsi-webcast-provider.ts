import { createHash, randomBytes } from 'node:crypto';
import type { CastProvider } from '@livevote/contracts';
import {
  WebcastProvider,
  type WebcastLaunchInfo,
  type WebcastMeetingInfo,
  type WebcastRoom,
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
 * carries a random suffix (96 bits) so it cannot be guessed from the short code.
 */
export class JitsiWebcastProvider extends WebcastProvider {
  async createRoom(
    meeting: WebcastMeetingInfo,
    _castProvider: CastProvider,
  ): Promise<WebcastRoom> {
    const name = `LiveVote-${meeting.shortCode}-${randomBytes(12).toString('hex')}`;
    const room: JitsiRoom = { provider: 'jitsi', domain: JITSI_DOMAIN, name };
    return { castId: castIdOf(name), room: { ...room } };
  }

  async launch(webcast: { room: unknown }): Promise<WebcastLaunchInfo> {
    const room = webcast.room as Partial<JitsiRoom> | undefined;
    if (room?.provider !== 'jitsi' || !room.name || !room.domain)
      throw new Error('webcast has no Jitsi room');
    return {
      startUrl: `https://${room.domain}/${encodeURIComponent(room.name)}`,
      meetingCapacity: JITSI_CAPACITY,
      webinarCapacity: JITSI_CAPACITY,
      isInUse: false,
    };
  }
}

/** A stable positive id from the room name (48 bits: a safe integer). */
function castIdOf(name: string): number {
  const id = parseInt(
    createHash('sha256').update(name).digest('hex').slice(0, 12),
    16,
  );
  return id || 1;
}
