// Fan-out rounds shared by the fan-out, multi-node and memory harnesses.
import { setTimeout as sleep } from 'node:timers/promises';
import { summarize } from './stats.mjs';
import { cpuDelta, cpuSnapshot } from './usage.mjs';

/** Quiet time after a crowd connects, when no presence broadcast is due. */
export const SETTLE_MS = 1500;

/**
 * The gateway sends presence at most every max(500 ms, 1 ms a voter, capped at 5 s) after a
 * join: wait that out, so a measured round does not share the event loop with one.
 */
export const settleMs = (sockets) => Math.min(6500, SETTLE_MS + sockets);
const BETWEEN_MS = 250;

/**
 * Rounds run before the measured ones, on either side, and reported apart (`warmup`). The
 * generator's first request loads its `fetch`, and its listener and the server's first action
 * run cold: the gateway's first start, measured first, had a p99 of 386-427 ms where the
 * actions of the next four rounds had 213-297 ms, while the bare server's rounds came after and found the generator
 * warm (docs/benchmarks-history.md, "Fan-out: the start's quorum and the first round").
 */
export const WARMUP_ROUNDS = 1;

/** Opens sockets through the generator and fails loudly when any did not connect. */
export async function connectAll(generator, args) {
  const result = await generator.call('connect', args);
  if (result.failures)
    throw new Error(
      `${result.failures} sockets failed to connect: ${result.firstError}`,
    );
  return result;
}

/**
 * Runs one measured action, then the pause before the next: each generator collects its
 * garbage at the pause's start, so that a collection of its heap falls there and not inside
 * the next round, on either side. Answers the action's result and the CPU milliseconds of
 * each process in `pids` (and PostgreSQL's, Redis's) during the action and in the pause.
 */
async function timedAction(pids, generators, action) {
  const before = cpuSnapshot(pids);
  const result = await action();
  const during = cpuSnapshot(pids);
  await Promise.all(generators.map((generator) => generator.call('gc')));
  await sleep(BETWEEN_MS);
  return {
    result,
    cpu: {
      round: cpuDelta(before, during),
      after: cpuDelta(during, cpuSnapshot(pids)),
    },
  };
}

/**
 * `rounds` start/stop pairs of a matter through the gateway: each socket's latency from the
 * action request to its matter.state. Returns all samples (aligned with the sockets per round).
 * `others`: more generators (multi-node: one a node) whose sockets are timed from the same
 * request, on the shared clock; their sockets follow the first generator's in each sample.
 *
 * A stop is followed by the verdict, a second broadcast to every socket (matter.result) with
 * the final tally and a quorum over the meeting worked out before it: the next action waits
 * until the first generator's sockets all have it, so it is not measured while the node, the
 * database and the generator still work on the last one (the bare server sends no verdict).
 * Its arrival is timed too (`verdicts`, from the stop request; docs/benchmarks-history.md, "The verdict
 * between the rounds").
 */
export async function gatewayRounds(
  generator,
  { baseUrl, shortCode, matterId, token, rounds, others = [], pids = {} },
) {
  const samples = [];
  const verdicts = [];
  const cpu = [];
  const events = {};
  let bytes = null;
  for (let round = 0; round < rounds; round++) {
    for (const [action, liveStatus] of [
      ['start', 'live'],
      ['stop', 'closed'],
    ]) {
      const match = { matterKey: matterId, liveStatus };
      await Promise.all(others.map((other) => other.call('arm', { match })));
      const timed = await timedAction(
        pids,
        [generator, ...others],
        async () => {
          const result = await generator.call('measure', {
            request: {
              url: `${baseUrl}/v1/Meetings/${shortCode}/matters/${matterId}/action`,
              headers: { authorization: `Bearer ${token}` },
              body:
                action === 'start' ? { action, duration: 3600 } : { action },
            },
            match,
            then: action === 'stop' ? { matterKey: matterId } : null,
          });
          const harvested = await Promise.all(
            others.map((other) =>
              other.call('harvest', { t0Wall: result.t0Wall }),
            ),
          );
          return { result, harvested };
        },
      );
      const { result, harvested } = timed.result;
      cpu.push(timed.cpu);
      if (result.thenMissing)
        throw new Error(
          `${result.thenMissing} sockets missed the verdict (matter.result) after the stop`,
        );
      if (action === 'stop') verdicts.push(result.thenLatencies);
      const missing =
        result.missing +
        harvested.reduce((sum, other) => sum + other.missing, 0);
      if (missing)
        throw new Error(
          `${missing} sockets missed matter.state ${liveStatus} (a generator: missed ${[result, ...harvested].map((r) => r.missing).join(', ')}, disconnected ${[result, ...harvested].map((r) => r.disconnected).join(', ')}, reasons ${JSON.stringify([result, ...harvested].map((r) => r.disconnects))})`,
        );
      samples.push(
        result.latencies.concat(...harvested.map((other) => other.latencies)),
      );
      bytes ??= result.bytes;
      events[liveStatus] ??= result.sample;
    }
  }
  return { samples, verdicts, bytes, events, cpu };
}

/**
 * The baseline: the bare server broadcasts the gateway's own matter.state events (`events`,
 * as the gateway sent them), so the payload is the same size.
 */
export async function bareRounds(
  generator,
  { url, events, rounds, pids = {} },
) {
  const samples = [];
  const cpu = [];
  let bytes = null;
  for (let i = 0; i < rounds * 2; i++) {
    const liveStatus = i % 2 ? 'closed' : 'live';
    const payload = events[liveStatus];
    const matterId = payload.matterKey;
    const { result, cpu: used } = await timedAction(pids, [generator], () =>
      generator.call('measure', {
        request: {
          url: `${url}/broadcast`,
          body: { event: 'matter.state', payload },
        },
        match: { matterKey: matterId, liveStatus },
      }),
    );
    cpu.push(used);
    if (result.missing)
      throw new Error(`${result.missing} sockets missed the bare broadcast`);
    samples.push(result.latencies);
    bytes ??= result.bytes;
  }
  return { samples, bytes, cpu };
}

/**
 * Each measured action on its own: its p99 and first arrival (ms), and the CPU milliseconds
 * of each process during it (`round`: from the request until the last socket had the event,
 * and for a stop its verdict) and in the pause after it (`after`). One slow round can set a
 * run's p99; this shows which, and who had the cores then.
 */
export function perRound({ samples, cpu }) {
  return samples.map((round, i) => {
    const stats = summarize(round.filter((at) => at !== null));
    return {
      action: i % 2 ? 'stop' : 'start',
      p99: stats.p99,
      first: Math.min(...round.filter((at) => at !== null)),
      cpu: cpu[i],
    };
  });
}

/** p50/p99/max over every socket of every round (optionally only sockets [from, to)). */
export function summarizeRounds(samples, from = 0, to = Infinity) {
  const all = [];
  for (const round of samples)
    for (let i = from; i < Math.min(to, round.length); i++)
      if (round[i] !== null) all.push(round[i]);
  return summarize(all);
}

export { sleep };

/**
 * The earliest arrival of each round: the server's own path before it broadcasts (for the
 * gateway the action's transaction, deadline and sequence number), without the spread.
 */
export function firstArrivals(samples) {
  return summarize(
    samples.map((round) => Math.min(...round.filter((at) => at !== null))),
  );
}
