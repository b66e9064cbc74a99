import { once } from 'node:events';
import type { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeCommands } from './live-io.adapter';

describe(observeCommands.name, () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it('leaves no unhandled rejection when a duplicate closes with a command nobody awaits, and still fails the awaited ones', async () => {
    process.on('unhandledRejection', onUnhandled);
    const logger = { debug: vi.fn() } as unknown as Logger;
    // nothing listens on port 1: commands wait in the offline queue while the client connects
    const client = observeCommands(
      new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null }),
      logger,
    );
    client.on('error', () => undefined);
    const subscriber = client.duplicate();
    subscriber.on('error', () => undefined);
    // as the streams adapter does: a SUBSCRIBE whose promise no one observes
    void subscriber.subscribe('socket.io#/#');
    const published = client.publish('socket.io#/#', 'payload');
    expect(subscriber.status).toBe('connecting');

    const ended = once(subscriber, 'end');
    subscriber.disconnect();
    client.disconnect();
    await ended;
    await expect(published).rejects.toThrow('Connection is closed');
    await new Promise<void>((resolve) => setImmediate(resolve));

    expect(unhandled).toEqual([]);
    expect(logger.debug).toHaveBeenCalledWith(
      expect.stringContaining('subscribe: Connection is closed'),
    );
  });
});
