import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryTallyStore,
  RedisTallyStore,
  type TallyStore,
} from '../src/voting/tally.store';
import { createTestRedis, type TestRedis } from './support/test-redis';

/**
 * The running tally's store, in memory and in real Redis, held to the same cases: a recount
 * replaces the tally only if nothing changed it while the recount read (docs/architecture.md,
 * "Tallies").
 */
describe.each(['memory', 'redis'] as const)('TallyStore (%s)', (kind) => {
  let redis: TestRedis | undefined;
  let store: TallyStore;

  beforeAll(() => {
    if (kind === 'memory') {
      store = new MemoryTallyStore();
      return;
    }
    redis = createTestRedis();
    store = new RedisTallyStore(
      redis.client,
      (id) => `${redis!.prefix}:tally:${id}`,
    );
  });

  afterAll(async () => {
    await redis?.cleanup();
  });

  it('counts only onto a tally that is there, and moves its version with every change', async () => {
    expect(await store.apply('m1', new Map([['live:Yes', 1]]))).toBe(false);
    expect(await store.read('m1')).toBeNull();
    expect(await store.version('m1')).toBe(0);

    await store.replace('m1', new Map([['live:Yes', 2]]));
    expect(await store.version('m1')).toBe(1);
    expect(
      await store.apply(
        'm1',
        new Map([
          ['live:Yes', -1],
          ['live:No', 1],
        ]),
      ),
    ).toBe(true);
    expect(await store.version('m1')).toBe(2);
    // the version is bookkeeping, never a counter
    expect(await store.read('m1')).toEqual(
      new Map([
        ['live:Yes', 1],
        ['live:No', 1],
      ]),
    );
  });

  it('replaces by a recount only when the version it read is still the tally’s', async () => {
    await store.replace('m2', new Map([['live:Yes', 1]]));
    const read = await store.version('m2');
    // a batch counted while the recount read the ballots
    await store.apply('m2', new Map([['live:Yes', 1]]));

    expect(await store.replaceIf('m2', new Map([['live:Yes', 1]]), read)).toBe(
      false,
    );
    expect(await store.read('m2')).toEqual(new Map([['live:Yes', 2]]));

    const now = await store.version('m2');
    expect(await store.replaceIf('m2', new Map([['live:No', 3]]), now)).toBe(
      true,
    );
    expect(await store.read('m2')).toEqual(new Map([['live:No', 3]]));
    expect(await store.version('m2')).toBe(now + 1);
  });

  it('refuses a recount of a tally that is gone unless it read it gone', async () => {
    expect(await store.replaceIf('m3', new Map([['live:Yes', 1]]), 1)).toBe(
      false,
    );
    expect(await store.read('m3')).toBeNull();
    expect(await store.replaceIf('m3', new Map([['live:Yes', 1]]), 0)).toBe(
      true,
    );
    expect(await store.read('m3')).toEqual(new Map([['live:Yes', 1]]));
  });
});
