import { Injectable } from '@nestjs/common';
import type {
  Forecast,
  MatterStateEvent,
  MatterTallyRow,
} from '@livevote/contracts';
import {
  exactWeight,
  matterForecast,
  maxWeight,
  sharesText,
  subtractWeight,
  ZERO_WEIGHT,
  isElection,
} from '@livevote/rules';
import { Clock } from '../common/clock';
import { LiveBroadcastService } from '../broadcast/live-broadcast.service';
import { SequenceStore } from '../broadcast/sequence.store';
import { ForecastStore } from './forecast.store';
import { ResultsRepository, type ResultMatterRow } from './results.repository';

/** The figures a tally event carries. */
export interface TallyFigures {
  rows: MatterTallyRow[];
  votesCast: number;
  sharesCast: number;
}

/** A matter's live state event, as the live voting service sends it, with a forecast. */
export function matterStateEvent(
  matter: ResultMatterRow,
  shortCode: string,
  seq: number,
  forecast: Forecast | null,
  serverTime: Date,
): MatterStateEvent {
  return {
    shortCode,
    matterKey: matter.id,
    liveStatus: matter.liveStatus,
    liveStartedAt: matter.liveStartedAt?.toISOString() ?? null,
    liveEndsAt: matter.liveEndsAt?.toISOString() ?? null,
    liveClosedAt: matter.liveClosedAt?.toISOString() ?? null,
    forecast,
    serverTime: serverTime.toISOString(),
    seq,
  };
}

/**
 * The forecast of a live matter: carried or defeated whatever the members yet to vote do, or
 * open (docs/verdicts.md). Worked out beside every tally event from the same figures; a
 * secret ballot has none while live, since a forecast that turns certain names the direction
 * of the ballot that made it so (docs/security.md, "The secret ballot").
 */
@Injectable()
export class MatterForecastsService {
  constructor(
    private readonly repository: ResultsRepository,
    private readonly store: ForecastStore,
    private readonly broadcaster: LiveBroadcastService,
    private readonly sequences: SequenceStore,
    private readonly clock: Clock,
  ) {}

  /** The forecast from a tally's figures; null unless the matter is live and not secret. */
  async compute(
    matterId: string,
    tally: TallyFigures,
  ): Promise<Forecast | null> {
    const facts = await this.repository.forecastFacts(matterId);
    // an election has no forecast: it elects by its method, not against a threshold that
    // could become certain (docs/elections.md)
    if (
      !facts ||
      facts.liveStatus !== 'live' ||
      facts.secretBallot ||
      isElection(facts)
    )
      return null;
    // members yet to vote: the eligible less those who voted (docs/verdicts.md: the eligible
    // members and their shares are taken to stay as they are until the close)
    const remaining = maxWeight(
      subtractWeight(
        exactWeight(facts.eligible),
        exactWeight({ units: tally.votesCast, shares: tally.sharesCast }),
      ),
      ZERO_WEIGHT,
    );
    return matterForecast(facts, tally, {
      eligible: facts.eligible,
      remaining: {
        units: Number(remaining.units),
        shares: sharesText(remaining.shares),
      },
    });
  }

  /**
   * After a tally event went out: when its forecast differs from the last one sent, everyone
   * in the meeting hears it in a `matter.state` (the big screen shows it to the room anyway).
   */
  async afterTally(
    matterId: string,
    meetingId: string,
    shortCode: string,
    forecast: Forecast | null,
  ): Promise<void> {
    const previous = await this.store.swap(matterId, forecast);
    if (previous === forecast) return;
    // the number first: a close that commits after this read sends a later one
    const seq = await this.sequences.next(matterId);
    const matter = await this.repository.matter(matterId);
    if (matter?.liveStatus !== 'live') return;
    this.broadcaster.toMeeting(
      meetingId,
      'matter.state',
      matterStateEvent(matter, shortCode, seq, forecast, this.clock.now()),
    );
  }

  /**
   * Keeps the forecast a start worked out from its tally, so the state event announcing the
   * start carries it and the tally event after it finds nothing new to repeat.
   */
  async remember(matterId: string, forecast: Forecast | null): Promise<void> {
    await this.store.swap(matterId, forecast);
  }

  /** The forecast a state event of this matter carries now. */
  async forState(matter: {
    id: string;
    liveStatus: string;
    secretBallot: boolean;
  }): Promise<Forecast | null> {
    if (matter.liveStatus !== 'live' || matter.secretBallot) {
      await this.store.swap(matter.id, null);
      return null;
    }
    return (await this.store.read([matter.id])).get(matter.id) ?? null;
  }

  /** The last forecast of each live, open-ballot matter among these. */
  async current(
    matters: { id: string; liveStatus: string; secretBallot: boolean }[],
  ): Promise<Map<string, Forecast>> {
    const live = matters.filter(
      (matter) => matter.liveStatus === 'live' && !matter.secretBallot,
    );
    return this.store.read(live.map((matter) => matter.id));
  }
}
