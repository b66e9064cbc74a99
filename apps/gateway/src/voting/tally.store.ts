import type Redis from 'ioredis';
import type { TallyCounters } from './tally';

/**
 * Running tallies for broadcast, shared by every node. `apply` answers false when the tally
 * is not there (never built, or Redis lost it): the caller rebuilds it from a recount. Every
 * change moves the tally's `version`, so a recount can replace it only if nothing changed it
 * while the recount read the ballots (`replaceIf`).
 */
export abstract class TallyStore {
  abstract apply(matterId: string, delta: TallyCounters): Promise<boolean>;
  abstract read(matterId: string): Promise<TallyCounters | null>;
  abstract replace(matterId: string, counters: TallyCounters): Promise<void>;
  /** The tally's version now: 0 when it is not there. */
  abstract version(matterId: string): Promise<number>;
  /** Replaces the tally if its version is still `version`; answers whether it did. */
  abstract replaceIf(
    matterId: string,
    counters: TallyCounters,
    version: number,
  ): Promise<boolean>;
}

export class MemoryTallyStore extends TallyStore {
  private readonly tallies = new Map<
    string,
    { counters: TallyCounters; version: number }
  >();

  apply(matterId: string, delta: TallyCounters): Promise<boolean> {
    const tally = this.tallies.get(matterId);
    if (!tally) return Promise.resolve(false);
    for (const [field, by] of delta)
      tally.counters.set(field, (tally.counters.get(field) ?? 0) + by);
    tally.version += 1;
    return Promise.resolve(true);
  }

  read(matterId: string): Promise<TallyCounters | null> {
    const tally = this.tallies.get(matterId);
    return Promise.resolve(tally ? new Map(tally.counters) : null);
  }

  replace(matterId: string, counters: TallyCounters): Promise<void> {
    const version = this.tallies.get(matterId)?.version ?? 0;
    this.tallies.set(matterId, {
      counters: new Map(counters),
      version: version + 1,
    });
    return Promise.resolve();
  }

  version(matterId: string): Promise<number> {
    return Promise.resolve(this.tallies.get(matterId)?.version ?? 0);
  }

  async replaceIf(
    matterId: string,
    counters: TallyCounters,
    version: number,
  ): Promise<boolean> {
    if ((await this.version(matterId)) !== version) return false;
    await this.replace(matterId, counters);
    return true;
  }
}

// Increments only an existing tally, atomically: a missing hash means "rebuild me".
const APPLY = `
if redis.call('exists', KEYS[1]) == 0 then return 0 end
for i = 1, #ARGV, 2 do redis.call('hincrby', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('hincrby', KEYS[1], 'version', 1)
return 1`;

// ARGV: the version it must still have ('' for any), the expiry in seconds, then field, value...
const REPLACE = `
local version = tonumber(redis.call('hget', KEYS[1], 'version') or '0')
if ARGV[1] ~= '' and version ~= tonumber(ARGV[1]) then return 0 end
redis.call('del', KEYS[1])
redis.call('hset', KEYS[1], 'built', '1', 'version', version + 1)
for i = 3, #ARGV, 2 do redis.call('hset', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('expire', KEYS[1], ARGV[2])
return 1`;

/** Fields of the hash that are not counters. */
const BOOKKEEPING = new Set(['built', 'version']);
const EXPIRY_SECONDS = 7 * 86_400;

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
        .filter(([field]) => !BOOKKEEPING.has(field))
        .map(([field, value]) => [field, Number(value)]),
    );
  }

  async replace(matterId: string, counters: TallyCounters): Promise<void> {
    await this.write(matterId, counters, '');
  }

  async version(matterId: string): Promise<number> {
    return Number(
      (await this.redis.hget(this.key(matterId), 'version')) ?? '0',
    );
  }

  replaceIf(
    matterId: string,
    counters: TallyCounters,
    version: number,
  ): Promise<boolean> {
    return this.write(matterId, counters, String(version));
  }

  private async write(
    matterId: string,
    counters: TallyCounters,
    version: string,
  ): Promise<boolean> {
    const fields = [...counters].flatMap(([field, value]) => [
      field,
      String(value),
    ]);
    const written = await this.redis.eval(
      REPLACE,
      1,
      this.key(matterId),
      version,
      String(EXPIRY_SECONDS),
      ...fields,
    );
    return written === 1;
  }
}
