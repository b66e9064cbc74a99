import { describe, expect, it } from 'vitest';
import {
  countElection,
  type ElectionBallot,
  type ElectionCount,
  type ElectionMatter,
} from './elections';
import type { ThresholdBasis } from './majority';
import { tally } from './tally';
import { ballotMarks, type VotingMethod } from './voting-methods';

/** mulberry32: a small seeded generator, so a failure can be replayed from its seed. */
function seeded(seed: number) {
  let state = seed | 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (low: number, high: number) =>
    low + Math.floor(next() * (high - low + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)];
  const chance = (p: number) => next() < p;
  const shuffle = <T>(list: readonly T[]): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return { next, int, pick, chance, shuffle };
}
type Random = ReturnType<typeof seeded>;

const SEEDS = Array.from({ length: 300 }, (_, seed) => seed + 1);
const NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];

function randomMatter(random: Random, method: VotingMethod): ElectionMatter {
  const options = NAMES.slice(0, random.int(2, NAMES.length));
  const abstain = random.chance(0.2);
  return {
    options: abstain ? [...options, 'Abstain'] : options,
    exclusions: abstain ? ['Abstain'] : [],
    choices: random.int(1, Math.min(4, options.length)),
    votingMethod: method,
    thresholdBasis: random.pick<ThresholdBasis>(['shares', 'units', 'both']),
  };
}

/** Shares with 6 decimals; often equal, so ties come up. */
const randomShares = (random: Random, uniform: boolean) =>
  uniform
    ? 1
    : random.chance(0.6)
      ? random.pick([0, 0.5, 1, 1, 2, 0.333333, 0.666667, 1.25, 1000])
      : random.int(0, 3_000_000) / 1_000_000;

function randomBallots(
  random: Random,
  matter: ElectionMatter,
): ElectionBallot[] {
  const uniform = random.chance(0.3);
  return Array.from({ length: random.int(0, 40) }, () => {
    const weight = randomShares(random, uniform);
    const order = random.shuffle(matter.options);
    switch (matter.votingMethod) {
      case 'plurality':
        return {
          choices: order.slice(0, random.int(1, matter.choices)),
          weight,
        };
      case 'ranked':
        return {
          choices: order.slice(0, random.int(1, order.length)),
          weight,
        };
      case 'cumulative': {
        const choices = order.slice(0, random.int(1, matter.choices));
        let left = matter.choices - choices.length;
        const votes = choices.map(() => {
          const extra = random.int(0, left);
          left -= extra;
          return 1 + extra;
        });
        return { choices, votes, weight };
      }
    }
  });
}

/** Each counted option's figure on the ranking measure, as the count ranks them. */
const rankKey = (basis: ThresholdBasis, figures: ElectionCount['base']) =>
  basis === 'units'
    ? [figures.units]
    : basis === 'shares'
      ? [figures.shares]
      : [figures.shares, figures.units];
const compareKeys = (a: number[], b: number[]) =>
  a[0] - b[0] || (a[1] ?? 0) - (b[1] ?? 0);

function checkSeats(matter: ElectionMatter, count: ElectionCount) {
  const counted = matter.options.filter((o) => !matter.exclusions.includes(o));
  expect(count.elected.length).toBeLessThanOrEqual(matter.choices);
  expect(new Set(count.elected).size).toBe(count.elected.length);
  for (const option of [...count.elected, ...count.tiedForLastSeat])
    expect(counted).toContain(option);
  if (count.verdict === 'tied') {
    expect(count.tiedForLastSeat.length).toBeGreaterThan(
      matter.choices - count.elected.length,
    );
    expect(count.elected.length).toBeLessThan(matter.choices);
    for (const option of count.tiedForLastSeat)
      expect(count.elected).not.toContain(option);
  } else expect(count.tiedForLastSeat).toEqual([]);
}

describe(`${countElection.name}: properties`, () => {
  describe.each<VotingMethod>(['plurality', 'cumulative'])('%s', (method) => {
    it.each(SEEDS)(
      'seed %i: seats by the basis, never more than `choices`',
      (seed) => {
        const random = seeded(seed);
        const matter = randomMatter(random, method);
        const ballots = randomBallots(random, matter);
        const count = countElection(matter, ballots);

        checkSeats(matter, count);
        expect(count.rounds).toEqual([]);
        const key = (option: string) =>
          rankKey(matter.thresholdBasis, count.totals[option]);
        const others = Object.keys(count.totals).filter(
          (option) => !count.elected.includes(option),
        );
        for (const winner of count.elected)
          for (const other of others) {
            const ahead = compareKeys(key(winner), key(other));
            if (count.tiedForLastSeat.includes(other))
              expect(ahead).toBeGreaterThan(0);
            else expect(ahead).toBeGreaterThanOrEqual(0);
          }
        for (const tied of count.tiedForLastSeat)
          expect(key(tied)).toEqual(key(count.tiedForLastSeat[0]));

        // the count's figures are the tally's, summed over how ballots came in
        const rows = tally(
          matter.options,
          ballots.map((ballot) => ({ ...ballot, method: 'live' as const })),
          method,
        ).rows;
        for (const row of rows)
          if (row.vote in count.totals)
            expect(count.totals[row.vote]).toEqual({
              units: row.numLiveVotes,
              shares: row.numLiveShares,
            });
      },
    );
  });

  it.each(SEEDS)(
    'seed %i: cumulative allocations never place more than the member’s votes',
    (seed) => {
      const random = seeded(seed);
      const matter = randomMatter(random, 'cumulative');
      let accepted = 0;
      const counted: ElectionBallot[] = [];
      for (let i = 0; i < 30; i += 1) {
        const allocations = random
          .shuffle(matter.options)
          .slice(0, random.int(0, 3))
          .map((option) => ({
            option,
            votes: random.pick([-1, 0, 1, 1, 2, 3, 1.5, matter.choices]),
          }));
        const { marks, problem } = ballotMarks(matter, { allocations });
        const placed = allocations.reduce((sum, { votes }) => sum + votes, 0);
        const fits =
          allocations.length > 0 &&
          placed <= matter.choices &&
          allocations.every(
            ({ votes }) => Number.isInteger(votes) && votes >= 1,
          );
        expect(problem === null).toBe(fits);
        if (!marks) continue;
        accepted += 1;
        expect(marks.votes!.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(
          matter.choices,
        );
        counted.push({ ...marks, weight: 1 });
      }
      const count = countElection(matter, counted);
      expect(count.base.units).toBeLessThanOrEqual(accepted * matter.choices);
    },
  );

  describe('ranked', () => {
    it.each(SEEDS)(
      'seed %i: weight is conserved from stage to stage, and nothing counted twice',
      (seed) => {
        const random = seeded(seed);
        const matter = randomMatter(random, 'ranked');
        const ballots = randomBallots(random, matter);
        const count = countElection(matter, ballots);
        checkSeats(matter, count);

        const measure = matter.thresholdBasis === 'units' ? 'units' : 'shares';
        const slack = (ballots.length + 1) * 1e-6;
        const decided = new Set<string>();
        let electedByQuota = 0;
        let exhausted = 0;
        for (const round of count.rounds) {
          for (const option of Object.keys(round.counts))
            expect(decided.has(option)).toBe(false);
          const continuing = Object.values(round.counts).reduce(
            (sum, figures) => sum + figures[measure],
            0,
          );
          // continuing + what the elected keep (the quota) + exhausted = the valid weight
          const kept = electedByQuota * (count.quota ?? 0);
          expect(
            Math.abs(
              continuing +
                kept +
                round.exhausted[measure] -
                count.base[measure],
            ),
          ).toBeLessThanOrEqual(slack);
          expect(round.exhausted[measure]).toBeGreaterThanOrEqual(
            exhausted - 1e-9,
          );
          exhausted = round.exhausted[measure];
          for (const option of [...round.elected, ...round.excluded]) {
            expect(option in round.counts || decided.has(option)).toBe(true);
            decided.add(option);
          }
          electedByQuota += round.elected.length;
        }
        expect(count.rounds.flatMap(({ elected }) => elected)).toEqual(
          count.elected,
        );
      },
    );

    it.each(SEEDS.slice(0, 100))(
      'seed %i: the order ballots come in changes nothing',
      (seed) => {
        const random = seeded(seed);
        const matter = randomMatter(random, 'ranked');
        const ballots = randomBallots(random, matter);
        expect(countElection(matter, random.shuffle(ballots))).toEqual(
          countElection(matter, ballots),
        );
      },
    );
  });
});
