import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  InProcessWebcastSyncQueue,
  SYNC_ATTEMPTS,
  syncRetryDelay,
} from './webcast-sync.queue';

/** A handler whose runs the test finishes by hand. */
function heldHandler() {
  const runs: { webcastId: string; finish: (error?: Error) => void }[] = [];
  const handler = ({ webcastId }: { webcastId: string }) =>
    new Promise<void>((resolve, reject) => {
      runs.push({
        webcastId,
        finish: (error) => (error ? reject(error) : resolve()),
      });
    });
  return { runs, handler };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe(InProcessWebcastSyncQueue.name, () => {
  afterEach(() => vi.useRealTimers());

  it('runs one sync of a webcast at a time, and one more for what was asked meanwhile', async () => {
    vi.useFakeTimers();
    const queue = new InProcessWebcastSyncQueue();
    const { runs, handler } = heldHandler();
    queue.onSync(handler);
    queue.onModuleInit();

    await queue.request('w1');
    await queue.request('w1');
    await queue.request('w1');
    await queue.request('w2');
    expect(runs.map((run) => run.webcastId)).toEqual(['w1', 'w2']);
    runs[0].finish();
    await settle();
    expect(runs.map((run) => run.webcastId)).toEqual(['w1', 'w2', 'w1']);
    runs[2].finish();
    runs[1].finish();
    await settle();
    expect(runs).toHaveLength(3);
    queue.onApplicationShutdown();
  });

  it('retries a failed sync with growing waits, and gives up after the last try', async () => {
    vi.useFakeTimers();
    const queue = new InProcessWebcastSyncQueue();
    const { runs, handler } = heldHandler();
    queue.onSync(handler);

    await queue.request('w1');
    for (let attempt = 0; attempt < SYNC_ATTEMPTS; attempt++) {
      expect(runs).toHaveLength(attempt + 1);
      runs[attempt].finish(new Error('Zoom answered 500'));
      await settle();
      await vi.advanceTimersByTimeAsync(syncRetryDelay(attempt) - 1);
      expect(runs).toHaveLength(attempt + 1);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(runs).toHaveLength(SYNC_ATTEMPTS);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toHaveLength(SYNC_ATTEMPTS);
    queue.onApplicationShutdown();
  });

  it('refuses to start without a handler', () => {
    expect(() => new InProcessWebcastSyncQueue().onModuleInit()).toThrow(
      'no handler for job sync of queue webcast',
    );
  });
});
