import { Injectable, Logger } from '@nestjs/common';
import { BallotIntakeService } from '../ballots/ballot-intake.service';
import { Clock } from '../common/clock';
import { GroupedCalls } from '../common/grouped-read';
import {
  LivePresenceService,
  type MeetingRef,
} from '../quorum/live-presence.service';
import { MatterEventsRegistry } from '../voting/matter-events.registry';
import { ProxiesRepository } from './proxies.repository';

/**
 * Where proxies meet live voting: directed votes counted when a matter opens (or when a proxy
 * is verified while matters are live), revocation when a member attends, and the tally and
 * quorum updates that follow. Each runs after the command that caused it has committed.
 */
@Injectable()
export class ProxyBallotsService {
  private readonly logger = new Logger('ProxyBallotsService');
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
    private readonly intake: BallotIntakeService,
    private readonly proxies: ProxiesRepository,
    private readonly presence: LivePresenceService,
    private readonly clock: Clock,
    matterEvents: MatterEventsRegistry,
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
      await this.intake.submit({
        kind: 'directed',
        meetingId: matter.meetingId,
        matterId: matter.id,
        at: this.clock.now(),
      });
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
    await this.intake.submit({
      kind: 'directed',
      meetingId: proxy.meetingId,
      proxyId: proxy.id,
      at: this.clock.now(),
    });
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
