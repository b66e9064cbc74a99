import { Injectable } from '@nestjs/common';
import { PresenceRepository } from './presence.repository';
import { PresenceTracker } from './presence-tracker';

/**
 * The members (units) present at a meeting now: a voter connected (on any node), or a voter
 * checked in at the desk (docs/hybrid-meetings.md). The quorum and the `present` base of a
 * verdict count these.
 */
@Injectable()
export class PresentUnits {
  constructor(
    private readonly tracker: PresenceTracker,
    private readonly repository: PresenceRepository,
  ) {}

  async of(meetingId: string): Promise<string[]> {
    const [online, desk] = await Promise.all([
      this.tracker.presentUnits(meetingId),
      this.repository.checkedInMembers(meetingId),
    ]);
    // the nodes' union is distinct already: 10,000 ids go through a Set only when needed
    if (!desk.length) return online;
    return [...new Set([...online, ...desk])];
  }
}
