import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { VotingErrorCode, VotingException } from '../voting/voting.exception';

/**
 * Places for ballots on their way to the database, per socket and per member: a voter needs
 * one at a time, so a sender that floods cannot fill the node's queue or delay other members.
 * The excess is refused at once (429), before any work is done for it.
 */
@Injectable()
export class BallotsInFlightStore {
  /** Places taken, per member and per socket: two maps, so a ballot builds no key string. */
  private readonly members = new Map<string, number>();
  private readonly sockets = new Map<string, number>();
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
    const member = this.members.get(memberId) ?? 0;
    const socket =
      socketId === undefined ? 0 : (this.sockets.get(socketId) ?? 0);
    if (
      member >= this.perMember ||
      (socketId !== undefined && socket >= this.perSocket)
    ) {
      this.metrics.countBallotRefused(VotingErrorCode.TooManyInFlight);
      throw new VotingException(VotingErrorCode.TooManyInFlight, {
        'retry-after': '1',
      });
    }
    this.members.set(memberId, member + 1);
    if (socketId !== undefined) this.sockets.set(socketId, socket + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      giveBack(this.members, memberId);
      if (socketId !== undefined) giveBack(this.sockets, socketId);
    };
  }
}

function giveBack(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
