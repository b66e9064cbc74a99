/** A matter's deadline: when it fires, the matter closes if it is still at that generation. */
export interface Deadline {
  matterId: string;
  generation: number;
  at: Date;
}

export type DeadlineHandler = (deadline: Omit<Deadline, 'at'>) => Promise<void>;

/**
 * Port for vote deadlines. Adapters: BullMQ delayed jobs in Redis (any node fires it, a
 * killed node loses nothing) and in-process timers (single node). Firing twice or firing a
 * stale generation is harmless: the close is conditional on the generation in the database.
 */
export abstract class DeadlineScheduler {
  abstract onDeadline(handler: DeadlineHandler): void;
  abstract schedule(deadline: Deadline): Promise<void>;
  abstract cancel(matterId: string, generation: number): Promise<void>;

  /**
   * The handler runs whenever the scheduler's store came back and may have lost deadlines
   * (Redis restarted without persistence): it re-schedules what the database says is live.
   */
  onRestored(_handler: () => Promise<void>): void {}
}

export function deadlineJobId(matterId: string, generation: number): string {
  return `${matterId}.${generation}`;
}
