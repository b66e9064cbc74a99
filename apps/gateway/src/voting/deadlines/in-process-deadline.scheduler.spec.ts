import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../common/clock';
import type { DeadlineJob } from './deadline.scheduler';
import { InProcessDeadlineScheduler } from './in-process-deadline.scheduler';

describe(InProcessDeadlineScheduler.name, () => {
  it('refuses to start while no one handles deadlines', () => {
    const scheduler = new InProcessDeadlineScheduler(new ManualClock());
    expect(() => scheduler.onModuleInit()).toThrow(
      'no handler for job close of queue deadlines',
    );
  });

  it('refuses a second deadline handler', () => {
    const scheduler = new InProcessDeadlineScheduler(new ManualClock());
    scheduler.onDeadline(() => Promise.resolve());
    expect(() => scheduler.onDeadline(() => Promise.resolve())).toThrow(
      'job close of queue deadlines has two handlers',
    );
  });

  it('hands a due deadline to its handler', async () => {
    const clock = new ManualClock();
    const scheduler = new InProcessDeadlineScheduler(clock);
    const fired = new Promise<DeadlineJob>((resolve) =>
      scheduler.onDeadline((deadline) => {
        resolve(deadline);
        return Promise.resolve();
      }),
    );
    scheduler.onModuleInit();
    await scheduler.schedule({
      matterId: 'm1',
      generation: 3,
      at: clock.now(),
    });
    expect(await fired).toEqual({
      matterId: 'm1',
      generation: 3,
      at: clock.nowMs(),
    });
    scheduler.onApplicationShutdown();
  });
});
