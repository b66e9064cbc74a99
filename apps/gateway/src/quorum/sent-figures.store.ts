import type Redis from 'ioredis';

/** A meeting's figures as broadcast: `meeting.presence` and `meeting.quorum`, serialised. */
export type Figures = Record<'presence' | 'quorum', string>;
export type FigureKind = keyof Figures;

/**
 * What each meeting's clients were last sent, shared by every node, so a broadcast goes out
 * only when its figure changed and never after a newer one (docs/live-protocol.md, "Presence
 * and quorum"). A broadcast takes a `slot` (one a meeting per interval, across nodes), then a
 * `generation` before it reads its figures, then `record`s them: a generation older than one
 * already recorded sends nothing, since a broadcast that began later read later.
 */
export abstract class SentFiguresStore {
  /** 0 when this node may broadcast now; otherwise milliseconds until the slot frees. */
  abstract slot(meetingId: string, intervalMs: number): Promise<number>;
  abstract generation(meetingId: string): Promise<number>;
  /** Records the figures read under `generation`; answers those that changed (to send). */
  abstract record(
    meetingId: string,
    generation: number,
    figures: Figures,
  ): Promise<FigureKind[]>;
  /**
   * Some clients were given these figures in a snapshot: where they differ from what was
   * last sent, it is forgotten (so the next broadcast sends it whatever it is). Answers
   * whether it forgot anything: a broadcast is then due.
   */
  abstract given(meetingId: string, figures: Figures): Promise<boolean>;
}

const KINDS: FigureKind[] = ['presence', 'quorum'];

export class MemorySentFiguresStore extends SentFiguresStore {
  private readonly meetings = new Map<
    string,
    { generation: number; recorded: number; figures: Partial<Figures> }
  >();
  private readonly slots = new Map<string, number>();

  slot(meetingId: string, intervalMs: number): Promise<number> {
    const now = Date.now();
    const until = this.slots.get(meetingId) ?? 0;
    if (until > now) return Promise.resolve(until - now);
    this.slots.set(meetingId, now + intervalMs);
    return Promise.resolve(0);
  }

  generation(meetingId: string): Promise<number> {
    const meeting = this.of(meetingId);
    meeting.generation += 1;
    return Promise.resolve(meeting.generation);
  }

  record(
    meetingId: string,
    generation: number,
    figures: Figures,
  ): Promise<FigureKind[]> {
    const meeting = this.of(meetingId);
    if (meeting.recorded > generation) return Promise.resolve([]);
    meeting.recorded = generation;
    const changed = KINDS.filter(
      (kind) => meeting.figures[kind] !== figures[kind],
    );
    for (const kind of changed) meeting.figures[kind] = figures[kind];
    return Promise.resolve(changed);
  }

  given(meetingId: string, figures: Figures): Promise<boolean> {
    const meeting = this.of(meetingId);
    const stale = KINDS.filter(
      (kind) =>
        meeting.figures[kind] !== undefined &&
        meeting.figures[kind] !== figures[kind],
    );
    for (const kind of stale) delete meeting.figures[kind];
    return Promise.resolve(stale.length > 0);
  }

  private of(meetingId: string) {
    let meeting = this.meetings.get(meetingId);
    if (!meeting) {
      meeting = { generation: 0, recorded: 0, figures: {} };
      this.meetings.set(meetingId, meeting);
    }
    return meeting;
  }
}

/** Kept a day after the last broadcast: a meeting idle longer simply sends its next figures. */
const EXPIRY_S = 86_400;

// ARGV: the generation, the expiry, then kind, figure...; answers the kinds that changed.
const RECORD = `
local recorded = tonumber(redis.call('hget', KEYS[1], 'recorded') or '0')
if recorded > tonumber(ARGV[1]) then return {} end
local changed = {}
for i = 3, #ARGV, 2 do
  if redis.call('hget', KEYS[1], ARGV[i]) ~= ARGV[i + 1] then
    redis.call('hset', KEYS[1], ARGV[i], ARGV[i + 1])
    table.insert(changed, ARGV[i])
  end
end
redis.call('hset', KEYS[1], 'recorded', ARGV[1])
redis.call('expire', KEYS[1], ARGV[2])
return changed`;

// ARGV: kind, figure...; forgets each recorded figure that differs, answers how many.
const GIVEN = `
local forgotten = 0
for i = 1, #ARGV, 2 do
  local sent = redis.call('hget', KEYS[1], ARGV[i])
  if sent and sent ~= ARGV[i + 1] then
    redis.call('hdel', KEYS[1], ARGV[i])
    forgotten = forgotten + 1
  end
end
return forgotten`;

export class RedisSentFiguresStore extends SentFiguresStore {
  constructor(
    private readonly redis: Redis,
    private readonly key: (kind: string, meetingId: string) => string,
  ) {
    super();
  }

  async slot(meetingId: string, intervalMs: number): Promise<number> {
    const key = this.key('figures-slot', meetingId);
    const won = await this.redis.set(key, '1', 'PX', intervalMs, 'NX');
    if (won === 'OK') return 0;
    return Math.max(1, await this.redis.pttl(key));
  }

  async generation(meetingId: string): Promise<number> {
    const key = this.key('figures', meetingId);
    const [[error, generation]] = (await this.redis
      .multi()
      .hincrby(key, 'generation', 1)
      .expire(key, EXPIRY_S)
      .exec()) as [Error | null, number][];
    if (error) throw error;
    return generation;
  }

  async record(
    meetingId: string,
    generation: number,
    figures: Figures,
  ): Promise<FigureKind[]> {
    return (await this.redis.eval(
      RECORD,
      1,
      this.key('figures', meetingId),
      String(generation),
      String(EXPIRY_S),
      ...KINDS.flatMap((kind) => [kind, figures[kind]]),
    )) as FigureKind[];
  }

  async given(meetingId: string, figures: Figures): Promise<boolean> {
    const forgotten = await this.redis.eval(
      GIVEN,
      1,
      this.key('figures', meetingId),
      ...KINDS.flatMap((kind) => [kind, figures[kind]]),
    );
    return Number(forgotten) > 0;
  }
}
