import { Injectable } from '@nestjs/common';
import type { QuorumEvent, QuorumRecord } from '@livevote/contracts';
import {
  presentCountOf,
  presentSharesOf,
  quorumFigure,
  quorumPresence,
  type Quorum,
} from '@livevote/rules';
import { Clock } from '../common/clock';
import { PresentUnitsService } from './present-units.service';
import type { meetings } from '../database/schema';
import { ResultsRepository } from '../results/results.repository';

/** What the quorum of a meeting is counted by (its settings). */
export type QuorumMeeting = Pick<
  typeof meetings.$inferSelect,
  | 'id'
  | 'shortCode'
  | 'quorumMinimum'
  | 'quorumBasis'
  | 'quorumPercent'
  | 'quorumIncludesProxies'
>;

export type QuorumNow = Quorum & {
  basis: QuorumMeeting['quorumBasis'];
  /** `present` split: checked in at the desk, and connected (docs/presence.md). */
  presentInPerson: number;
  presentOnline: number;
};

/**
 * The quorum of a meeting by its settings: eligible members present, and (unless the meeting
 * says otherwise) those represented by proxy, in units or shares, against the minimum or a
 * percentage of the eligible members (docs/verdicts.md, "Quorum").
 */
@Injectable()
export class QuorumService {
  constructor(
    private readonly repository: ResultsRepository,
    private readonly presentUnits: PresentUnitsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Members present in person or online, and (unless the meeting says otherwise) by proxy,
   * each counted one way (libs/rules presence.ts). `online`: the meeting's connected members,
   * when the caller has just read them.
   */
  async now(meeting: QuorumMeeting, online?: string[]): Promise<QuorumNow> {
    const weights = await this.presentUnits.weights(meeting.id, online);
    const { present, proxies } = quorumPresence(weights.present);
    const figure = quorumFigure(
      {
        present,
        proxies: meeting.quorumIncludesProxies
          ? proxies
          : { units: 0, shares: 0 },
        eligible: weights.eligible,
      },
      {
        quorumBasis: meeting.quorumBasis,
        quorumPercent: meeting.quorumPercent,
        quorumMinimum: meeting.quorumMinimum,
      },
    );
    const split =
      meeting.quorumBasis === 'shares'
        ? presentSharesOf(weights.present)
        : presentCountOf(weights.present);
    return {
      ...figure,
      basis: meeting.quorumBasis,
      presentInPerson: split.presentInPerson,
      presentOnline: split.presentOnline,
    };
  }

  /** The live channel's `meeting.quorum` of a meeting, by its current settings. */
  async event(meetingId: string): Promise<QuorumEvent | undefined> {
    const meeting = await this.repository.meeting(meetingId);
    if (!meeting) return undefined;
    const figure = await this.now(meeting);
    return {
      shortCode: meeting.shortCode,
      present: figure.present,
      proxies: figure.proxies,
      presentInPerson: figure.presentInPerson,
      presentOnline: figure.presentOnline,
      required: figure.required,
      met: figure.met,
      basis: figure.basis,
    };
  }

  record(figure: QuorumNow, overriddenBy: string | null = null): QuorumRecord {
    return {
      basis: figure.basis,
      present: figure.present,
      proxies: figure.proxies,
      presentInPerson: figure.presentInPerson,
      presentOnline: figure.presentOnline,
      required: figure.required,
      met: figure.met,
      at: this.clock.now().toISOString(),
      overriddenBy,
    };
  }
}
