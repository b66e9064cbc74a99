/**
 * The handlers of one queue's jobs, by job name. A name given a second handler throws at
 * once, and `assertComplete` (at start-up) throws for a name left without one: a missing or
 * duplicate handler stops the gateway from starting instead of failing the first job.
 */
export class JobHandlers<Jobs extends Record<string, unknown>> {
  private readonly handlers = new Map<string, (data: never) => Promise<void>>();

  constructor(
    readonly queue: string,
    private readonly names: readonly (keyof Jobs & string)[],
  ) {}

  register<Name extends keyof Jobs & string>(
    name: Name,
    handler: (data: Jobs[Name]) => Promise<void>,
  ): void {
    if (!this.names.includes(name))
      throw new Error(`queue ${this.queue} has no job named ${name}`);
    if (this.handlers.has(name))
      throw new Error(`job ${name} of queue ${this.queue} has two handlers`);
    this.handlers.set(name, handler);
  }

  assertComplete(): void {
    const missing = this.names.filter((name) => !this.handlers.has(name));
    if (missing.length)
      throw new Error(
        `no handler for job ${missing.join(', ')} of queue ${this.queue}`,
      );
  }

  /** Runs a job's handler; a job of a name without one fails (and BullMQ retries it). */
  run(name: string, data: unknown): Promise<void> {
    const handler = this.handlers.get(name) as
      ((data: unknown) => Promise<void>) | undefined;
    if (!handler)
      return Promise.reject(
        new Error(`no handler for job ${name} of queue ${this.queue}`),
      );
    return handler(data);
  }
}
