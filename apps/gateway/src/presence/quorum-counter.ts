import { Injectable } from '@nestjs/common';
import type { QuorumEvent, QuorumRecord } from '@livevote/contracts';
import { quorumFigure, type Quorum } from '@livevote/rules';
import { Clock } from '../common/clock';
import { PresentUnits } from './present-units';
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

export type QuorumNow = Quorum & { basis: QuorumMeeting['quorumBasis'] };

/**
 * The quorum of a meeting by its settings: eligible members present, and (unless the meeting
 * says otherwise) those represented by proxy, in units or shares, against the minimum or a
 * percentage of the eligible members (docs/verdicts.md, "Quorum").
 */
@Injectable()
export class QuorumCounter {
  constructor(
    private readonly repository: ResultsRepository,
    private readonly presentUnits: PresentUnits,
    private readonly clock: Clock,
  ) {}

  /** `present`: the meeting's present units, when the caller has just read them. */
  async now(meeting: QuorumMeeting, present?: string[]): Promise<QuorumNow> {
    present ??= await this.presentUnits.of(meeting.id);
    const weights = await this.repository.quorumWeights(meeting.id, present);
    const figure = quorumFigure(
      {
        present: weights.present,
        proxies: meeting.quorumIncludesProxies
          ? weights.proxies
          : { units: 0, shares: 0 },
        eligible: weights.eligible,
      },
      {
        quorumBasis: meeting.quorumBasis,
        quorumPercent: meeting.quorumPercent,
        quorumMinimum: meeting.quorumMinimum,
      },
    );
    return { ...figure, basis: meeting.quorumBasis };
  }

  /** The live channel's `meeting.quorum` of a meeting, by its current settings. */
  async event(meetingId: string): Promise<QuorumEvent | undefined> {
    const meeting = await this.repository.meeting(meetingId);
    if (!meeting) return undefined;
    const { present, proxies, required, met, basis } = await this.now(meeting);
    return {
      shortCode: meeting.shortCode,
      present,
      proxies,
      required,
      met,
      basis,
    };
  }

  record(figure: QuorumNow, overriddenBy: string | null = null): QuorumRecord {
    return {
      basis: figure.basis,
      present: figure.present,
      proxies: figure.proxies,
      required: figure.required,
      met: figure.met,
      at: this.clock.now().toISOString(),
      overriddenBy,
    };
  }
}
