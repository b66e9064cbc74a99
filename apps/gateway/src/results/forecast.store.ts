import type { Forecast } from '@livevote/contracts';
import type Redis from 'ioredis';

/** The last forecast sent for each live matter, shared by every node. */
export abstract class ForecastStore {
  /** Stores the forecast (null forgets it) and answers the one it replaced. */
  abstract swap(
    matterId: string,
    forecast: Forecast | null,
  ): Promise<Forecast | null>;
  abstract read(matterIds: string[]): Promise<Map<string, Forecast>>;
}

export class MemoryForecastStore extends ForecastStore {
  private readonly values = new Map<string, Forecast>();

  swap(matterId: string, forecast: Forecast | null): Promise<Forecast | null> {
    const previous = this.values.get(matterId) ?? null;
    if (forecast) this.values.set(matterId, forecast);
    else this.values.delete(matterId);
    return Promise.resolve(previous);
  }

  read(matterIds: string[]): Promise<Map<string, Forecast>> {
    const found = new Map<string, Forecast>();
    for (const id of matterIds) {
      const value = this.values.get(id);
      if (value) found.set(id, value);
    }
    return Promise.resolve(found);
  }
}

/** A live vote lasts a day at most; a forgotten key goes with it. */
const TTL_S = 2 * 86_400;

export class RedisForecastStore extends ForecastStore {
  constructor(
    private readonly redis: Redis,
    private readonly key: (matterId: string) => string,
  ) {
    super();
  }

  async swap(
    matterId: string,
    forecast: Forecast | null,
  ): Promise<Forecast | null> {
    const previous = forecast
      ? await this.redis.call(
          'SET',
          this.key(matterId),
          forecast,
          'EX',
          TTL_S,
          'GET',
        )
      : await this.redis.getdel(this.key(matterId));
    return (previous as Forecast | null) ?? null;
  }

  async read(matterIds: string[]): Promise<Map<string, Forecast>> {
    if (!matterIds.length) return new Map();
    const values = await this.redis.mget(
      ...matterIds.map((id) => this.key(id)),
    );
    const found = new Map<string, Forecast>();
    matterIds.forEach((id, i) => {
      if (values[i]) found.set(id, values[i] as Forecast);
    });
    return found;
  }
}
