import type Redis from 'ioredis';

/** Per-matter event sequence numbers, increasing across every node. */
export abstract class SequenceStore {
  abstract next(matterId: string): Promise<number>;
  abstract current(matterIds: string[]): Promise<Map<string, number>>;
}

export class MemorySequenceStore extends SequenceStore {
  private readonly values = new Map<string, number>();

  next(matterId: string): Promise<number> {
    const value = (this.values.get(matterId) ?? 0) + 1;
    this.values.set(matterId, value);
    return Promise.resolve(value);
  }

  current(matterIds: string[]): Promise<Map<string, number>> {
    return Promise.resolve(
      new Map(matterIds.map((id) => [id, this.values.get(id) ?? 0])),
    );
  }
}

// A missing counter starts at Redis's clock in milliseconds rather than at 1: when Redis lost it
// (restarted without persistence) the numbers still go up for clients that saw the old ones.
const NEXT = `
local value = redis.call('incr', KEYS[1])
if value == 1 then
  local now = redis.call('time')
  value = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
  redis.call('set', KEYS[1], string.format('%.0f', value))
end
return value`;

export class RedisSequenceStore extends SequenceStore {
  constructor(
    private readonly redis: Redis,
    private readonly key: (matterId: string) => string,
  ) {
    super();
  }

  async next(matterId: string): Promise<number> {
    return Number(await this.redis.eval(NEXT, 1, this.key(matterId)));
  }

  async current(matterIds: string[]): Promise<Map<string, number>> {
    if (!matterIds.length) return new Map();
    const values = await this.redis.mget(
      ...matterIds.map((id) => this.key(id)),
    );
    return new Map(matterIds.map((id, i) => [id, Number(values[i] ?? 0)]));
  }
}
