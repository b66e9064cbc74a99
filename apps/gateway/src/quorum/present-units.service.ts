import { Injectable } from '@nestjs/common';
import {
  presentCountOf,
  presentSharesOf,
  type PresentCount,
} from '@livevote/rules';
import {
  PresenceRepository,
  type MeetingPresence,
} from '../presence/presence.repository';
import { PresenceStore } from '../presence/presence.store';

/** The meeting's present members each way, in units and shares, and its connected voters. */
export interface PresentFigures {
  units: PresentCount;
  shares: PresentCount;
  presentVoters: number;
}

/**
 * Who is present at a meeting now (docs/presence.md): a member checked in at the desk or with a
 * ballot in the room, with a voter connected (on any node) or a ballot cast online, or
 * represented by a proxy that counts; one way each, by the rule of libs/rules presence.ts. The
 * quorum, the stats, the close snapshot and the report's attendance count these.
 */
@Injectable()
export class PresentUnitsService {
  private readonly reading = new Map<string, Promise<PresentFigures>>();

  constructor(
    private readonly tracker: PresenceStore,
    private readonly repository: PresenceRepository,
  ) {}

  /**
   * The members attending themselves now: a voter connected or checked in at the desk (not
   * those represented by proxy). Floor ballots and the `present` base of a verdict take these.
   * `online`: the connected members, when the caller has just read them.
   */
  async of(meetingId: string, online?: string[]): Promise<string[]> {
    const [connected, desk] = await Promise.all([
      online ?? this.tracker.presentUnits(meetingId),
      this.repository.checkedInMembers(meetingId),
    ]);
    // the nodes' union is distinct already: 10,000 ids go through a Set only when needed
    if (!desk.length) return connected;
    return [...new Set([...connected, ...desk])];
  }

  /** The members with a voter connected now, on any node. */
  online(meetingId: string): Promise<string[]> {
    return this.tracker.presentUnits(meetingId);
  }

  /** The eligible members present each way; `online` when the caller has just read it. */
  async weights(
    meetingId: string,
    online?: readonly string[],
  ): Promise<MeetingPresence> {
    online ??= await this.tracker.presentUnits(meetingId);
    return this.repository.presentWeights(meetingId, online);
  }

  /**
   * The figures of the stats and of a close snapshot. Reads asked while one of the same
   * meeting is under way share it: the matters closing together at one deadline read once.
   */
  figures(meetingId: string): Promise<PresentFigures> {
    let reading = this.reading.get(meetingId);
    if (!reading) {
      reading = this.read(meetingId).finally(() =>
        this.reading.delete(meetingId),
      );
      this.reading.set(meetingId, reading);
    }
    return reading;
  }

  private async read(meetingId: string): Promise<PresentFigures> {
    const [online, count] = await Promise.all([
      this.tracker.presentUnits(meetingId),
      this.tracker.count(meetingId),
    ]);
    const { present } = await this.repository.presentWeights(meetingId, online);
    return {
      units: presentCountOf(present),
      shares: presentSharesOf(present),
      presentVoters: count.numVoters,
    };
  }
}
