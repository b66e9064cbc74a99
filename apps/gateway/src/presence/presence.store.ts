import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { GroupedCalls } from '../common/grouped-read';

export interface PresenceCount {
  numUnits: number;
  numVoters: number;
}

/**
 * Who is connected: distinct voters and their members (units) per meeting, across nodes.
 * Each node counts its own sockets and publishes its set of voters and units; the total is
 * the union of the sets of nodes still alive.
 */
export abstract class PresenceStore {
  private readonly local = new Map<
    string,
    { voters: Map<string, number>; units: Map<string, number> }
  >();

  /** Counts a voter socket in; true when the voter or unit was not present on this node. */
  async join(
    meetingId: string,
    voterId: string,
    memberId: string,
  ): Promise<boolean> {
    const meeting = this.local.get(meetingId) ?? {
      voters: new Map(),
      units: new Map(),
    };
    this.local.set(meetingId, meeting);
    const voterIsNew = bump(meeting.voters, voterId, 1);
    const unitIsNew = voterIsNew && bump(meeting.units, memberId, 1);
    if (voterIsNew)
      await this.added(meetingId, voterId, unitIsNew ? memberId : null);
    return voterIsNew;
  }

  /** Counts a voter socket out; true when the voter left this node altogether. */
  async leave(
    meetingId: string,
    voterId: string,
    memberId: string,
  ): Promise<boolean> {
    const meeting = this.local.get(meetingId);
    if (!meeting) return false;
    const voterGone = bump(meeting.voters, voterId, -1);
    const unitGone = voterGone && bump(meeting.units, memberId, -1);
    if (!meeting.voters.size) this.local.delete(meetingId);
    if (voterGone)
      await this.removed(meetingId, voterId, unitGone ? memberId : null);
    return voterGone;
  }

  abstract count(meetingId: string): Promise<PresenceCount>;

  /** The members (units) with at least one voter connected. */
  abstract presentUnits(meetingId: string): Promise<string[]>;

  /** The voters connected now, on any node. */
  abstract presentVoters(meetingId: string): Promise<string[]>;

  protected localMeetings(): string[] {
    return [...this.local.keys()];
  }

  protected localSets(meetingId: string): {
    voters: string[];
    units: string[];
  } {
    const meeting = this.local.get(meetingId);
    return {
      voters: [...(meeting?.voters.keys() ?? [])],
      units: [...(meeting?.units.keys() ?? [])],
    };
  }

  protected abstract added(
    meetingId: string,
    voterId: string,
    memberId: string | null,
  ): Promise<void>;
  protected abstract removed(
    meetingId: string,
    voterId: string,
    memberId: string | null,
  ): Promise<void>;
}

/** Adds `by` to a reference count; true when it went from 0 to 1 or from 1 to 0. */
function bump(counts: Map<string, number>, id: string, by: 1 | -1): boolean {
  const next = (counts.get(id) ?? 0) + by;
  if (next <= 0) {
    const had = counts.has(id);
    counts.delete(id);
    return had;
  }
  counts.set(id, next);
  return next === 1 && by === 1;
}

export class MemoryPresenceStore extends PresenceStore {
  count(meetingId: string): Promise<PresenceCount> {
    const sets = this.localSets(meetingId);
    return Promise.resolve({
      numUnits: sets.units.length,
      numVoters: sets.voters.length,
    });
  }

  presentUnits(meetingId: string): Promise<string[]> {
    return Promise.resolve(this.localSets(meetingId).units);
  }

  presentVoters(meetingId: string): Promise<string[]> {
    return Promise.resolve(this.localSets(meetingId).voters);
  }

  protected added(): Promise<void> {
    return Promise.resolve();
  }

  protected removed(): Promise<void> {
    return Promise.resolve();
  }
}

const NODE_TTL_S = 30;
const HEARTBEAT_MS = 10_000;

// Sizes of the unions of the live nodes' sets; nodes whose sets expired are dropped from the
// registry. One node's set is its own union: SCARD, not a copy of 10,000 members made to be
// counted (docs/benchmarks-history.md, "A stop's and a start's presence").
const COUNT = `
local nodes = redis.call('smembers', KEYS[1])
local voterKeys, unitKeys = {}, {}
for _, node in ipairs(nodes) do
  local v = ARGV[1] .. ':voters:' .. node
  if redis.call('exists', v) == 1 or redis.call('exists', ARGV[1] .. ':units:' .. node) == 1 then
    table.insert(voterKeys, v)
    table.insert(unitKeys, ARGV[1] .. ':units:' .. node)
  else
    redis.call('srem', KEYS[1], node)
  end
end
if #voterKeys == 0 then return {0, 0} end
if #voterKeys == 1 then
  return {redis.call('scard', unitKeys[1]), redis.call('scard', voterKeys[1])}
end
local tmp = ARGV[1] .. ':tmp:' .. ARGV[2]
local voters = redis.call('sunionstore', tmp, unpack(voterKeys))
local units = redis.call('sunionstore', tmp, unpack(unitKeys))
redis.call('del', tmp)
return {units, voters}`;

interface PresenceChange {
  meetingId: string;
  voterId: string;
  /** The voter's unit, when it joined (or left) this node with this voter. */
  memberId: string | null;
  add: boolean;
}

export class RedisPresenceStore extends PresenceStore {
  private readonly nodeId = randomUUID();
  private readonly heartbeat: NodeJS.Timeout;
  /**
   * Joins and leaves, written a pipeline at a time in the order made (a leave never
   * overtakes its join): a crowd joining costs a few pipelines, not one a voter.
   */
  private readonly changes = new GroupedCalls<PresenceChange, void>(
    (changes) => this.write(changes),
    Number.POSITIVE_INFINITY,
  );

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
    this.heartbeat = setInterval(() => void this.refresh(), HEARTBEAT_MS);
    this.heartbeat.unref();
    // a restarted Redis has lost the sets: publish them again at once, not at the next beat
    redis.on('ready', () => void this.refresh());
  }

  async count(meetingId: string): Promise<PresenceCount> {
    const base = this.base(meetingId);
    const [numUnits, numVoters] = (await this.redis.eval(
      COUNT,
      1,
      `${base}:nodes`,
      base,
      randomUUID(),
    )) as number[];
    return { numUnits: Number(numUnits), numVoters: Number(numVoters) };
  }

  presentUnits(meetingId: string): Promise<string[]> {
    return this.union(meetingId, 'units');
  }

  presentVoters(meetingId: string): Promise<string[]> {
    return this.union(meetingId, 'voters');
  }

  /**
   * The union of the nodes' sets of one kind: each node's set read whole in one MULTI, merged
   * here. A Lua SUNION built a set of 10,000 in Redis, then copied it through Lua, three times
   * the cost of reading the sets (docs/benchmarks-history.md, "A stop's and a start's presence").
   */
  private async union(
    meetingId: string,
    kind: 'units' | 'voters',
  ): Promise<string[]> {
    const base = this.base(meetingId);
    const nodes = await this.redis.smembers(`${base}:nodes`);
    if (!nodes.length) return [];
    const multi = this.redis.multi();
    for (const node of nodes) multi.smembers(`${base}:${kind}:${node}`);
    const sets = (await multi.exec()) ?? [];
    if (sets.length === 1) return readSet(sets[0]);
    return [...new Set(sets.flatMap(readSet))];
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    const meetings = this.localMeetings();
    if (!meetings.length) return;
    const pipeline = this.redis.pipeline();
    for (const meetingId of meetings) {
      const base = this.base(meetingId);
      pipeline
        .del(`${base}:voters:${this.nodeId}`, `${base}:units:${this.nodeId}`)
        .srem(`${base}:nodes`, this.nodeId);
    }
    await pipeline.exec();
  }

  protected added(
    meetingId: string,
    voterId: string,
    memberId: string | null,
  ): Promise<void> {
    return this.changes.add({ meetingId, voterId, memberId, add: true });
  }

  protected removed(
    meetingId: string,
    voterId: string,
    memberId: string | null,
  ): Promise<void> {
    return this.changes.add({ meetingId, voterId, memberId, add: false });
  }

  /** A run of joins (or leaves) of one meeting in a group is one variadic command a set. */
  private async write(changes: PresenceChange[]): Promise<void[]> {
    const pipeline = this.redis.pipeline();
    let run: PresenceChange[] = [];
    const send = () => {
      if (!run.length) return;
      const { meetingId, add } = run[0];
      const base = this.base(meetingId);
      const voters = run.map((change) => change.voterId);
      const units = run.flatMap((change) =>
        change.memberId ? [change.memberId] : [],
      );
      if (add) {
        pipeline.sadd(`${base}:voters:${this.nodeId}`, ...voters);
        if (units.length)
          pipeline.sadd(`${base}:units:${this.nodeId}`, ...units);
        this.expire(pipeline, base);
      } else {
        pipeline.srem(`${base}:voters:${this.nodeId}`, ...voters);
        if (units.length)
          pipeline.srem(`${base}:units:${this.nodeId}`, ...units);
      }
      run = [];
    };
    for (const change of changes) {
      if (
        run.length &&
        (run[0].meetingId !== change.meetingId || run[0].add !== change.add)
      )
        send();
      run.push(change);
    }
    send();
    await pipeline.exec();
    return changes.map(() => undefined);
  }

  /** Re-publishes this node's sets (they expire if the node dies, or after Redis restarts). */
  private async refresh(): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const meetingId of this.localMeetings()) {
      const base = this.base(meetingId);
      const sets = this.localSets(meetingId);
      if (sets.voters.length)
        pipeline.sadd(`${base}:voters:${this.nodeId}`, ...sets.voters);
      if (sets.units.length)
        pipeline.sadd(`${base}:units:${this.nodeId}`, ...sets.units);
      this.expire(pipeline, base);
    }
    await pipeline.exec().catch(() => undefined);
  }

  private expire(pipeline: ReturnType<Redis['pipeline']>, base: string): void {
    pipeline
      .sadd(`${base}:nodes`, this.nodeId)
      .expire(`${base}:voters:${this.nodeId}`, NODE_TTL_S)
      .expire(`${base}:units:${this.nodeId}`, NODE_TTL_S)
      .expire(`${base}:nodes`, NODE_TTL_S * 4);
  }

  private base(meetingId: string): string {
    return `${this.prefix}:presence:${meetingId}`;
  }
}

/** A MULTI's SMEMBERS reply: the members, or its error thrown. */
function readSet([error, members]: [Error | null, unknown]): string[] {
  if (error) throw error;
  return members as string[];
}
