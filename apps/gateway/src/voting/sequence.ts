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

export class RedisSequenceStore extends SequenceStore {
  constructor(
    private readonly redis: Redis,
    private readonly key: (matterId: string) => string,
  ) {
    super();
  }

  next(matterId: string): Promise<number> {
    return this.redis.incr(this.key(matterId));
  }

  async current(matterIds: string[]): Promise<Map<string, number>> {
    if (!matterIds.length) return new Map();
    const values = await this.redis.mget(
      ...matterIds.map((id) => this.key(id)),
    );
    return new Map(matterIds.map((id, i) => [id, Number(values[i] ?? 0)]));
  }
}
