import { Injectable } from '@nestjs/common';
import type { Forecast, MatterStateEvent } from '@livevote/contracts';
import { LiveBroadcastService } from '../broadcast/live-broadcast.service';
import { Clock } from '../common/clock';
import type { LiveMatterRow } from './live-voting.repository';
import { SequenceStore } from '../broadcast/sequence.store';
import { MatterForecastsService } from '../results/matter-forecasts.service';

/** Tells everyone subscribed to the meeting a matter's live state: `matter.state`. */
@Injectable()
export class MatterStatesService {
  constructor(
    private readonly sequences: SequenceStore,
    private readonly broadcaster: LiveBroadcastService,
    private readonly clock: Clock,
    private readonly forecasts: MatterForecastsService,
  ) {}

  /**
   * `forecast`, when given, is the one just worked out from the tally (a start): it is kept
   * and carried; otherwise the state carries the last one kept.
   */
  async publish(
    matter: LiveMatterRow,
    shortCode: string,
    forecast?: Forecast | null,
  ): Promise<void> {
    // one round trip to Redis for both: the forecast rides with the state (docs/verdicts.md)
    const [seq, carried] = await Promise.all([
      this.sequences.next(matter.id),
      forecast === undefined
        ? this.forecasts.forState(matter)
        : this.forecasts.remember(matter.id, forecast).then(() => forecast),
    ]);
    this.broadcaster.toMeeting(matter.meetingId, 'matter.state', {
      ...this.event(matter, shortCode, seq),
      forecast: carried,
    });
  }

  private event(
    matter: LiveMatterRow,
    shortCode: string,
    seq: number,
  ): Omit<MatterStateEvent, 'forecast'> {
    return {
      shortCode,
      matterKey: matter.id,
      liveStatus: matter.liveStatus,
      liveStartedAt: matter.liveStartedAt?.toISOString() ?? null,
      liveEndsAt: matter.liveEndsAt?.toISOString() ?? null,
      liveClosedAt: matter.liveClosedAt?.toISOString() ?? null,
      serverTime: this.clock.now().toISOString(),
      seq,
    };
  }
}
