import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemorySentFiguresStore,
  RedisSentFiguresStore,
  type SentFiguresStore,
} from '../src/quorum/sent-figures.store';
import { createTestRedis, type TestRedis } from './support/test-redis';

const figures = (present: number, proxies = 0) => ({
  presence: JSON.stringify({ numUnits: present }),
  quorum: JSON.stringify({ present, proxies }),
});

describe('SentFiguresStore', () => {
  let redis: TestRedis;
  const stores: [string, () => SentFiguresStore][] = [
    ['in memory', () => new MemorySentFiguresStore()],
    [
      'in Redis',
      () =>
        new RedisSentFiguresStore(redis.client, (kind, id) =>
          [redis.prefix, kind, id].join(':'),
        ),
    ],
  ];

  beforeAll(async () => {
    redis = createTestRedis();
    await redis.client.ping();
  });

  afterAll(async () => {
    await redis?.cleanup();
  });

  describe.each(stores)('%s', (_, make) => {
    it('answers only the figures that changed since the last broadcast', async () => {
      const sent = make();
      const meeting = randomUUID();
      const record = async (f: ReturnType<typeof figures>) =>
        sent.record(meeting, await sent.generation(meeting), f);

      expect((await record(figures(2))).sort()).toEqual(['presence', 'quorum']);
      expect(await record(figures(2))).toEqual([]);
      expect(await record(figures(2, 1))).toEqual(['quorum']);
      expect(await record(figures(2, 1))).toEqual([]);
    });

    it('sends nothing for figures read before a broadcast that began later', async () => {
      const sent = make();
      const meeting = randomUUID();
      const earlier = await sent.generation(meeting);
      const later = await sent.generation(meeting);

      expect(await sent.record(meeting, later, figures(3))).toHaveLength(2);
      // the earlier read finishes last: its older figures must not overwrite the newer
      expect(await sent.record(meeting, earlier, figures(2))).toEqual([]);
      expect(
        await sent.record(meeting, await sent.generation(meeting), figures(3)),
      ).toEqual([]);
    });

    it('forgets a figure a snapshot contradicted, so the next broadcast sends it again', async () => {
      const sent = make();
      const meeting = randomUUID();
      // nothing sent yet: every next broadcast sends anyway
      expect(await sent.given(meeting, figures(1))).toBe(false);
      await sent.record(meeting, await sent.generation(meeting), figures(2));

      expect(await sent.given(meeting, figures(2))).toBe(false);
      expect(await sent.given(meeting, figures(1))).toBe(true);
      expect(
        (
          await sent.record(meeting, await sent.generation(meeting), figures(2))
        ).sort(),
      ).toEqual(['presence', 'quorum']);
    });

    it('gives one node at a time the slot of a meeting', async () => {
      const sent = make();
      const meeting = randomUUID();

      expect(await sent.slot(meeting, 60_000)).toBe(0);
      expect(await sent.slot(meeting, 60_000)).toBeGreaterThan(0);
      expect(await sent.slot(randomUUID(), 60_000)).toBe(0);
    });
  });
});
