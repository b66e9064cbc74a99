import { Injectable } from '@nestjs/common';
import type { MatterStateEvent } from '@livevote/contracts';
import { LiveBroadcaster } from '../broadcast/live-broadcaster';
import { Clock } from '../common/clock';
import type { LiveMatterRow } from './live-voting.repository';
import { SequenceStore } from './sequence';

/** Tells everyone subscribed to the meeting a matter's live state: `matter.state`. */
@Injectable()
export class MatterStates {
  constructor(
    private readonly sequences: SequenceStore,
    private readonly broadcaster: LiveBroadcaster,
    private readonly clock: Clock,
  ) {}

  async publish(matter: LiveMatterRow, shortCode: string): Promise<void> {
    const seq = await this.sequences.next(matter.id);
    this.broadcaster.toMeeting(
      matter.meetingId,
      'matter.state',
      this.event(matter, shortCode, seq),
    );
  }

  private event(
    matter: LiveMatterRow,
    shortCode: string,
    seq: number,
  ): MatterStateEvent {
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
