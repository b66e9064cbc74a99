import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { VotingErrorCode, VotingException } from './voting.exception';

/**
 * Places for ballots on their way to the database, per socket and per member: a voter needs
 * one at a time, so a sender that floods cannot fill the node's queue or delay other members.
 * The excess is refused at once (429), before any work is done for it.
 */
@Injectable()
export class BallotsInFlight {
  private readonly counts = new Map<string, number>();
  private readonly perSocket: number;
  private readonly perMember: number;

  constructor(
    config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    this.perSocket = config.ballots.inFlightPerSocket;
    this.perMember = config.ballots.inFlightPerMember;
  }

  /** Takes a place for one ballot; call the returned function once it is answered. */
  acquire(memberId: string, socketId?: string): () => void {
    const keys: [string, number][] = [[`member:${memberId}`, this.perMember]];
    if (socketId !== undefined)
      keys.push([`socket:${socketId}`, this.perSocket]);
    if (keys.some(([key, limit]) => (this.counts.get(key) ?? 0) >= limit)) {
      this.metrics.countBallotRefused(VotingErrorCode.TooManyInFlight);
      throw new VotingException(VotingErrorCode.TooManyInFlight, {
        'retry-after': '1',
      });
    }
    for (const [key] of keys)
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [key] of keys) {
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      }
    };
  }
}
