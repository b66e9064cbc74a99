import { Injectable } from '@nestjs/common';
import type { MatterStateEvent } from '@livevote/contracts';
import { LiveBroadcaster } from '../broadcast/live-broadcaster';
import { Clock } from '../common/clock';
import type { LiveMatterRow } from './live-voting.repository';
import { SequenceStore } from '../broadcast/sequence';
import { MatterForecasts } from '../results/matter-forecasts';

/** Tells everyone subscribed to the meeting a matter's live state: `matter.state`. */
@Injectable()
export class MatterStates {
  constructor(
    private readonly sequences: SequenceStore,
    private readonly broadcaster: LiveBroadcaster,
    private readonly clock: Clock,
    private readonly forecasts: MatterForecasts,
  ) {}

  async publish(matter: LiveMatterRow, shortCode: string): Promise<void> {
    // one round trip to Redis for both: the forecast rides with the state (docs/verdicts.md)
    const [seq, forecast] = await Promise.all([
      this.sequences.next(matter.id),
      this.forecasts.forState(matter),
    ]);
    this.broadcaster.toMeeting(matter.meetingId, 'matter.state', {
      ...this.event(matter, shortCode, seq),
      forecast,
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
