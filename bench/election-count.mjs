// Election counts at the size of a large AGM: N weighted ballots (10,000) over C candidates
// (12) for S seats (5), counted by `countElection` of libs/rules as the gateway counts a
// closed election: a ranked count (single transferable vote, fractional transfers, every
// stage kept) and a cumulative count (S votes a member). No gateway, no database: the figure
// is the rule's own time on one core, p50 and max of R counts after one warm-up. Target:
// each well under a second (p99 < 250 ms), so a close never waits on the count.
//
// The ballots are seeded (the same on every run): shares from 0.000001 to 5,000 with 6
// decimals, a few large holders; rankings of 1 to C candidates, skewed to a few favourites so
// that the count runs through surpluses, exclusions and exhausted ballots.
//
//   node bench/election-count.mjs [--ballots 10000] [--candidates 12] [--seats 5] [--runs 7]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import rules from '@livevote/rules';
import { summarize } from './lib/stats.mjs';

const { countElection } = rules;
const { values } = parseArgs({
  options: {
    ballots: { type: 'string', default: '10000' },
    candidates: { type: 'string', default: '12' },
    seats: { type: 'string', default: '5' },
    runs: { type: 'string', default: '7' },
  },
});
const ballotCount = Number(values.ballots);
const candidateCount = Number(values.candidates);
const seats = Number(values.seats);
const runs = Number(values.runs);
const TARGET_MS = 250;

/** mulberry32, seeded: the same ballots on every run. */
function seeded(seed) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(33);
const int = (low, high) => low + Math.floor(random() * (high - low + 1));

const options = Array.from(
  { length: candidateCount },
  (_, i) => `Candidate ${i + 1}`,
);
/** Popularity falls off with the candidate's number: a few favourites, a long tail. */
const popularity = options.map((_, i) => 1 / (i + 1));
function preferenceOrder() {
  const left = options.map((option, i) => ({ option, weight: popularity[i] }));
  const order = [];
  while (left.length) {
    let pick = random() * left.reduce((sum, { weight }) => sum + weight, 0);
    const index = left.findIndex(({ weight }) => (pick -= weight) <= 0);
    order.push(
      left.splice(index === -1 ? left.length - 1 : index, 1)[0].option,
    );
  }
  return order;
}
const shares = () =>
  random() < 0.01 ? int(1_000, 5_000) : int(1, 100_000_000) / 1_000_000;

const ranked = Array.from({ length: ballotCount }, () => ({
  choices: preferenceOrder().slice(0, int(1, candidateCount)),
  weight: shares(),
}));
const cumulative = Array.from({ length: ballotCount }, () => {
  const order = preferenceOrder();
  const choices = [];
  const votes = [];
  for (let left = seats; left > 0;) {
    const placed = int(1, left);
    choices.push(order[choices.length]);
    votes.push(placed);
    left -= placed;
  }
  return { choices, votes, weight: shares() };
});

function measure(votingMethod, ballots) {
  const matter = {
    options,
    exclusions: [],
    choices: seats,
    votingMethod,
    thresholdBasis: 'shares',
  };
  let count = countElection(matter, ballots);
  const samples = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    count = countElection(matter, ballots);
    samples.push(performance.now() - started);
  }
  const ms = summarize(samples);
  return {
    ms,
    rounds: count.rounds.length,
    elected: count.elected.length,
    verdict: count.verdict,
    met: ms.max !== null && ms.max < TARGET_MS,
  };
}

const result = {
  bench: 'election-count',
  ballots: ballotCount,
  candidates: candidateCount,
  seats,
  targetMs: TARGET_MS,
  ranked: measure('ranked', ranked),
  cumulative: measure('cumulative', cumulative),
};
console.log(
  JSON.stringify({
    ...result,
    met: result.ranked.met && result.cumulative.met,
    run: Number(process.env.BENCH_RUN ?? 1),
    at: new Date().toISOString(),
  }),
);
