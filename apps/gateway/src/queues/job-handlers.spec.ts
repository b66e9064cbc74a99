import { describe, expect, it } from 'vitest';
import { JobHandlers } from './job-handlers';

type MailJobs = {
  reconcile: Record<string, never>;
  tick: { meetingId: string };
};

const handlers = () => new JobHandlers<MailJobs>('mail', ['reconcile', 'tick']);

describe(JobHandlers.name, () => {
  it('runs the handler registered for a job name with the job data', async () => {
    const jobs = handlers();
    const ticked: string[] = [];
    jobs.register('reconcile', () => Promise.resolve());
    jobs.register('tick', (data) => {
      ticked.push(data.meetingId);
      return Promise.resolve();
    });
    jobs.assertComplete();
    await jobs.run('tick', { meetingId: 'm1' });
    expect(ticked).toEqual(['m1']);
  });

  it('refuses to start while a job name has no handler', () => {
    const jobs = handlers();
    jobs.register('reconcile', () => Promise.resolve());
    expect(() => jobs.assertComplete()).toThrow(
      'no handler for job tick of queue mail',
    );
  });

  it('refuses a second handler for the same job name', () => {
    const jobs = handlers();
    jobs.register('tick', () => Promise.resolve());
    expect(() => jobs.register('tick', () => Promise.resolve())).toThrow(
      'job tick of queue mail has two handlers',
    );
  });

  it('refuses a handler for a job name the queue does not have', () => {
    expect(() =>
      handlers().register('tock' as 'tick', () => Promise.resolve()),
    ).toThrow('queue mail has no job named tock');
  });

  it('fails a job whose name has no handler', async () => {
    await expect(handlers().run('sweep', {})).rejects.toThrow(
      'no handler for job sweep of queue mail',
    );
  });
});
