import type Redis from 'ioredis';
import type { TallyCounters } from './tally';

/**
 * Running tallies for broadcast, shared by every node. `apply` answers false when the tally
 * is not there (never built, or Redis lost it): the caller rebuilds it from a recount.
 */
export abstract class TallyStore {
  abstract apply(matterId: string, delta: TallyCounters): Promise<boolean>;
  abstract read(matterId: string): Promise<TallyCounters | null>;
  abstract replace(matterId: string, counters: TallyCounters): Promise<void>;
}

export class MemoryTallyStore extends TallyStore {
  private readonly tallies = new Map<string, TallyCounters>();

  apply(matterId: string, delta: TallyCounters): Promise<boolean> {
    const tally = this.tallies.get(matterId);
    if (!tally) return Promise.resolve(false);
    for (const [field, by] of delta)
      tally.set(field, (tally.get(field) ?? 0) + by);
    return Promise.resolve(true);
  }

  read(matterId: string): Promise<TallyCounters | null> {
    const tally = this.tallies.get(matterId);
    return Promise.resolve(tally ? new Map(tally) : null);
  }

  replace(matterId: string, counters: TallyCounters): Promise<void> {
    this.tallies.set(matterId, new Map(counters));
    return Promise.resolve();
  }
}

// Increments only an existing tally, atomically: a missing hash means "rebuild me".
const APPLY = `
if redis.call('exists', KEYS[1]) == 0 then return 0 end
for i = 1, #ARGV, 2 do redis.call('hincrby', KEYS[1], ARGV[i], ARGV[i + 1]) end
return 1`;

export class RedisTallyStore extends TallyStore {
  constructor(
    private readonly redis: Redis,
    private readonly key: (matterId: string) => string,
  ) {
    super();
  }

  async apply(matterId: string, delta: TallyCounters): Promise<boolean> {
    const args = [...delta].flatMap(([field, by]) => [field, String(by)]);
    const applied = await this.redis.eval(
      APPLY,
      1,
      this.key(matterId),
      ...args,
    );
    return applied === 1;
  }

  async read(matterId: string): Promise<TallyCounters | null> {
    const hash = await this.redis.hgetall(this.key(matterId));
    if (!hash.built) return null;
    return new Map(
      Object.entries(hash)
        .filter(([field]) => field !== 'built')
        .map(([field, value]) => [field, Number(value)]),
    );
  }

  async replace(matterId: string, counters: TallyCounters): Promise<void> {
    const key = this.key(matterId);
    const fields = [...counters].flatMap(([field, value]) => [
      field,
      String(value),
    ]);
    await this.redis
      .multi()
      .del(key)
      .hset(key, 'built', '1', ...fields)
      .expire(key, 7 * 86_400)
      .exec();
  }
}
