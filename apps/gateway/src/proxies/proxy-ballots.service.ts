import { Injectable, Logger } from '@nestjs/common';
import { ChainSealer } from '../audit/chain-sealer';
import { Clock } from '../common/clock';
import { GroupedCalls } from '../common/grouped-read';
import { LivePresence, type MeetingRef } from '../presence/live-presence';
import { LiveTallies } from '../voting/live-tallies';
import { MatterDirectory } from '../voting/matter-directory';
import { MatterEvents } from '../voting/matter-events';
import type { CastChange } from '../voting/tally';
import { ProxiesRepository } from './proxies.repository';
import {
  ProxyBallotsRepository,
  type WrittenBallot,
} from './proxy-ballots.repository';

/**
 * Where proxies meet live voting: directed votes counted when a matter opens (or when a proxy
 * is verified while matters are live), revocation when a member attends, and the tally and
 * quorum updates that follow. Each runs after the command that caused it has committed.
 */
@Injectable()
export class ProxyBallots {
  private readonly logger = new Logger('ProxyBallots');
  /**
   * A member's voter joined the meeting or was checked in: attending revokes its proxy while
   * revocations are open. Members attending are revoked a group a statement: a crowd joining
   * at once costs a few updates and one quorum broadcast a meeting and group, not one each.
   * Answers how many proxies of each member were revoked.
   */
  private readonly attending = new GroupedCalls<string, number>((memberIds) =>
    this.revokeAttending(memberIds),
  );

  constructor(
    private readonly ballots: ProxyBallotsRepository,
    private readonly proxies: ProxiesRepository,
    private readonly tallies: LiveTallies,
    private readonly presence: LivePresence,
    private readonly clock: Clock,
    private readonly directory: MatterDirectory,
    private readonly sealer: ChainSealer,
    matterEvents: MatterEvents,
  ) {
    presence.onAttended((memberId) => this.attending.add(memberId));
    matterEvents.listen({ opened: (matter) => this.onMatterOpened(matter) });
  }

  /**
   * A matter went live: its directed proxy votes are counted at once, in one statement. A
   * failure is logged, not thrown: the start has committed and its deadline must still be set.
   */
  async onMatterOpened(matter: {
    id: string;
    meetingId: string;
  }): Promise<void> {
    try {
      const written = await this.ballots.writeDirected({
        meetingId: matter.meetingId,
        matterId: matter.id,
        now: this.clock.now(),
      });
      await this.applyToTallies(written);
    } catch (error) {
      this.logger.error(
        `directed proxy votes of matter ${matter.id} not counted: ${String(error)}`,
      );
    }
  }

  /** A proxy was verified: its directed votes on matters already live count now. */
  async onProxyVerified(proxy: {
    id: string;
    meetingId: string;
  }): Promise<void> {
    const written = await this.ballots.writeDirected({
      meetingId: proxy.meetingId,
      proxyId: proxy.id,
      now: this.clock.now(),
    });
    await this.applyToTallies(written);
  }

  /** Adds committed holder ballots to the running tallies (coalesced broadcast follows). */
  async applyToTallies(written: WrittenBallot[]): Promise<void> {
    const byMatter = new Map<string, CastChange[]>();
    for (const { matterId, change } of written)
      byMatter.set(matterId, [...(byMatter.get(matterId) ?? []), change]);
    for (const [matterId, changes] of byMatter) {
      await this.tallies.apply(matterId, changes);
      const matter = await this.directory.get(matterId);
      if (matter) this.sealer.touch(matter.meetingId);
    }
  }

  /** A proxy's status or a holder's presence may have changed the quorum: sent coalesced. */
  quorumChanged(meeting: Pick<MeetingRef, 'id'>): void {
    this.presence.quorumChanged(meeting.id);
  }

  private async revokeAttending(memberIds: string[]): Promise<number[]> {
    const revoked = await this.proxies.revokeOnAttendance(
      memberIds,
      this.clock.now(),
    );
    const byMember = new Map<string, number>();
    const meetingIds = new Set<string>();
    for (const { memberId, meetingId } of revoked) {
      byMember.set(memberId, (byMember.get(memberId) ?? 0) + 1);
      meetingIds.add(meetingId);
    }
    for (const id of meetingIds) this.quorumChanged({ id });
    return memberIds.map((memberId) => byMember.get(memberId) ?? 0);
  }
}
