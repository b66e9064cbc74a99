import { Injectable } from '@nestjs/common';

/** A test voter about to be deleted, in the deleting transaction. */
export interface TestVoterRemoval {
  meetingId: string;
  shortCode: string;
  voterId: string;
}

type Listener = (removal: TestVoterRemoval) => Promise<void>;

/**
 * Who must act, inside the transaction that deletes a test voter, on rows of theirs kept
 * elsewhere: a rehearsal leaves nothing of its own behind (docs/test-voters.md). A listener's
 * failure fails the deletion, as its rows would otherwise outlive the voter.
 */
@Injectable()
export class TestVoterRemovals {
  private readonly listeners: Listener[] = [];

  subscribe(listener: Listener): void {
    this.listeners.push(listener);
  }

  async removing(removal: TestVoterRemoval): Promise<void> {
    for (const listener of this.listeners) await listener(removal);
  }
}
