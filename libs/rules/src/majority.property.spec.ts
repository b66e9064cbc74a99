import { describe, expect, it } from 'vitest';
import type { BallotMethod, CountedBallot } from './ballots';
import {
  type CountedTally,
  type Forecast,
  matterForecast,
  matterKind,
  matterResult,
  SIMPLE_MAJORITY,
  THREE_QUARTERS,
  type Threshold,
  type ThresholdBase,
  type ThresholdBasis,
  TWO_THIRDS,
  type VotingMatter,
} from './majority';
import { tally } from './tally';
import { sharesText, type Weight } from './weight';

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
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof seeded>;

const SHAPES: Pick<VotingMatter, 'options' | 'exclusions' | 'choices'>[] = [
  { options: ['For', 'Against'], exclusions: [], choices: 1 },
  {
    options: ['For', 'Against', 'Abstain'],
    exclusions: ['Abstain'],
    choices: 1,
  },
  { options: ['Yes', 'No', 'Maybe'], exclusions: [], choices: 1 },
  { options: ['Yes', 'Abstain'], exclusions: ['Abstain'], choices: 1 },
  { options: ['A', 'B', 'C'], exclusions: [], choices: 1 },
  { options: ['Ann', 'Bob'], exclusions: [], choices: 1 },
  { options: ['A', 'B', 'C', 'Abstain'], exclusions: ['Abstain'], choices: 1 },
  { options: ['A', 'B', 'C', 'D'], exclusions: [], choices: 2 },
  {
    options: ['A', 'B', 'C', 'D', 'Abstain'],
    exclusions: ['Abstain'],
    choices: 3,
  },
];

function randomThreshold(random: Random): Threshold {
  if (random.chance(0.5))
    return random.pick([SIMPLE_MAJORITY, TWO_THIRDS, THREE_QUARTERS]);
  const denominator = random.int(1, 10);
  const numerator = random.int(1, denominator);
  return {
    numerator,
    denominator,
    strict: numerator < denominator && random.chance(0.5),
  };
}

function randomMatter(random: Random): VotingMatter {
  return {
    ...random.pick(SHAPES),
    threshold: randomThreshold(random),
    thresholdBasis: random.pick<ThresholdBasis>(['shares', 'units', 'both']),
    thresholdBase: random.pick<ThresholdBase>(['cast', 'present', 'eligible']),
  };
}

interface Member {
  shares: number;
  ballot: CountedBallot | null;
}

/** Shares with 6 decimals; often equal, so ties and exact thresholds come up. */
function randomShares(random: Random, uniform: boolean): number {
  if (uniform) return 1;
  return random.chance(0.6)
    ? random.pick([0, 0.5, 1, 1, 2, 0.333333, 0.666667, 1.25])
    : random.int(0, 3_000_000) / 1_000_000;
}

function randomBallot(
  random: Random,
  matter: VotingMatter,
  bias: string | null,
): CountedBallot {
  const method = random.pick<BallotMethod>(['live', 'proxy', 'other']);
  if (matter.choices === 1)
    return {
      method,
      choices: [bias ?? random.pick(matter.options)],
      weight: 0,
    };
  const options = [...matter.options].sort(() => random.next() - 0.5);
  return {
    method,
    choices: options.slice(0, random.int(1, matter.choices)),
    weight: 0,
  };
}

const weightOf = (list: Member[]): Weight => ({
  units: list.length,
  shares: sharesText(
    list.reduce(
      (sum, member) => sum + BigInt(Math.round(member.shares * 1e6)),
      0n,
    ),
  ),
});

const tallyOf = (matter: VotingMatter, list: Member[]): CountedTally =>
  tally(
    matter.options,
    list.flatMap(({ ballot, shares }) =>
      ballot ? [{ ...ballot, weight: shares }] : [],
    ),
  );

interface Scenario {
  matter: VotingMatter;
  members: Member[];
}

function randomScenario(random: Random, castShare?: number): Scenario {
  const matter = randomMatter(random);
  const uniform = random.chance(0.4);
  const voted = castShare ?? Math.sqrt(random.next());
  const members = Array.from({ length: random.int(1, 14) }, () => ({
    shares: randomShares(random, uniform),
    ballot: random.chance(voted) ? randomBallot(random, matter, null) : null,
  }));
  return { matter, members };
}

/** One way the matter can end: who of the rest votes, and how, and who is present at close. */
function complete(random: Random, { matter, members }: Scenario) {
  const turnout = random.pick([0, 1, random.next()]);
  const bias = random.chance(0.4) ? random.pick(matter.options) : null;
  const final = members.map((member) =>
    member.ballot || !random.chance(turnout)
      ? member
      : { ...member, ballot: randomBallot(random, matter, bias) },
  );
  const stayed = random.next();
  const present = final.filter((member) =>
    member.ballot ? !random.chance(0.1) : random.chance(stayed),
  );
  return matterResult(matter, tallyOf(matter, final), {
    eligible: weightOf(members),
    present: weightOf(present),
  });
}

function forecastOf({ matter, members }: Scenario): Forecast {
  return matterForecast(matter, tallyOf(matter, members), {
    eligible: weightOf(members),
    remaining: weightOf(members.filter(({ ballot }) => !ballot)),
  });
}

describe(matterForecast.name, () => {
  it('never contradicts the verdict, however the rest vote, abstain or stay away', () => {
    const random = seeded(20261121);
    const decisive = { carried: 0, defeated: 0 };
    let completions = 0;
    for (let run = 0; run < 1500; run++) {
      const scenario = randomScenario(random);
      const forecast = forecastOf(scenario);
      if (forecast === 'open') continue;
      decisive[forecast] += 1;
      for (let way = 0; way < 30; way++) {
        const result = complete(random, scenario);
        completions += 1;
        if (result.verdict !== forecast)
          expect.fail(
            `run ${run}: forecast ${forecast}, verdict ${JSON.stringify(result)} for ${JSON.stringify(scenario)}`,
          );
      }
    }
    // the property must not hold vacuously: many forecasts are decisive
    expect(decisive.carried).toBeGreaterThan(50);
    expect(decisive.defeated).toBeGreaterThan(200);
    expect(completions).toBeGreaterThan(10_000);
  });

  it('with every member voted, is the verdict of a motion or choice measured against votes cast or eligible members', () => {
    const random = seeded(7);
    let checked = 0;
    for (let run = 0; run < 600; run++) {
      const scenario = randomScenario(random, 1);
      const { matter, members } = scenario;
      if (
        matter.thresholdBase === 'present' ||
        matterKind(matter) === 'election'
      )
        continue;
      const { verdict } = matterResult(matter, tallyOf(matter, members), {
        eligible: weightOf(members),
        present: weightOf(members),
      });
      const expected =
        verdict === 'carried' || verdict === 'defeated' ? verdict : 'open';
      expect(forecastOf(scenario), `run ${run}`).toBe(expected);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe(matterResult.name, () => {
  it('answers the same for shares given as numbers or as decimal text', () => {
    const random = seeded(42);
    for (let run = 0; run < 300; run++) {
      const { matter, members } = randomScenario(random);
      const counted = tallyOf(matter, members);
      const text: CountedTally = {
        rows: counted.rows.map((row) => ({
          ...row,
          numProxyShares: Number(row.numProxyShares).toFixed(6),
          numLiveShares: Number(row.numLiveShares).toFixed(6),
          numOtherShares: Number(row.numOtherShares).toFixed(6),
        })),
        votesCast: counted.votesCast,
        sharesCast: Number(counted.sharesCast).toFixed(6),
      };
      const bases = { eligible: weightOf(members), present: weightOf(members) };
      expect(matterResult(matter, text, bases)).toEqual(
        matterResult(matter, counted, bases),
      );
    }
  });
});
