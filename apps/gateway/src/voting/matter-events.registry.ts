import { Injectable } from '@nestjs/common';
import type { CloseReason } from '@livevote/rules';
import type { LiveMatterRow } from './live-voting.repository';

/** A matter that has just closed, and the generation that was live until then. */
export interface MatterClosed {
  matter: LiveMatterRow;
  reason: CloseReason;
  liveGeneration: number;
}

/**
 * Work a part of the gateway runs when a matter opens, moves its deadline or closes. Called
 * after the commit, on the node that made the change, once per change, in the order the
 * listeners were added; the change is already visible to every node. A listener that throws
 * fails the request that made the change (which is committed all the same): catch what may
 * fail harmlessly. docs/architecture.md, "Where to add a feature".
 */
export interface MatterListener {
  /** `start`: the matter is live, until `matter.liveEndsAt`. */
  opened?(matter: LiveMatterRow): Promise<void>;
  /** `extend`: a new deadline (and generation); `previous` is the row it replaced. */
  extended?(matter: LiveMatterRow, previous: LiveMatterRow): Promise<void>;
  /** `stop`, the deadline, or the last eligible member's ballot. */
  closed?(event: MatterClosed): Promise<void>;
}

/** The hook of the matter lifecycle: listeners subscribe once, at construction. */
@Injectable()
export class MatterEventsRegistry {
  private readonly listeners: MatterListener[] = [];

  listen(listener: MatterListener): void {
    this.listeners.push(listener);
  }

  async opened(matter: LiveMatterRow): Promise<void> {
    for (const listener of this.listeners) await listener.opened?.(matter);
  }

  async extended(
    matter: LiveMatterRow,
    previous: LiveMatterRow,
  ): Promise<void> {
    for (const listener of this.listeners)
      await listener.extended?.(matter, previous);
  }

  async closed(event: MatterClosed): Promise<void> {
    for (const listener of this.listeners) await listener.closed?.(event);
  }
}
