import { choicesProblem, type ChoicesProblem } from './ballot-acceptance';
import { sqlAlias } from './sql-alias';

/**
 * How a matter's ballots are marked and counted (docs/elections.md, "Voting methods"):
 * - `plurality`: choose up to `choices` options, each counts once;
 * - `cumulative`: place up to `choices` whole votes on one or several options;
 * - `ranked`: rank options in a strict order, counted by instant runoff or single transferable vote.
 */
export type VotingMethod = 'plurality' | 'cumulative' | 'ranked';

export const VOTING_METHODS: readonly VotingMethod[] = [
  'plurality',
  'cumulative',
  'ranked',
];

export const DEFAULT_VOTING_METHOD = 'plurality' satisfies VotingMethod;

/** A ballot as sent: one shape per method. */
export type BallotBody =
  | { choices: readonly string[] }
  | { allocations: readonly { option: string; votes: number }[] }
  | { ranking: readonly string[] };

/**
 * A ballot as stored: `choices` the options in the ballot's order (the ranking order of a
 * ranked ballot, the allocated options of a cumulative one), `votes` the whole votes placed on
 * each (parallel to `choices`) for cumulative, null otherwise.
 */
export interface BallotMarks {
  choices: string[];
  votes: number[] | null;
}

/** What is wrong with a ballot's shape; `invalid_choice` names an option the matter lacks. */
export type BallotShapeProblem =
  ChoicesProblem | 'invalid_allocation' | 'invalid_ranking';

/** What the marks of a ballot need of its matter. */
export interface MarkedMatter {
  options: readonly string[];
  /** Plurality: options a ballot may choose; cumulative: votes a member places; ranked: seats. */
  choices: number;
  votingMethod: VotingMethod;
}

/** The problem code of a body of another method's shape, per the matter's method. */
const WRONG_SHAPE: Record<VotingMethod, BallotShapeProblem> = {
  plurality: 'invalid_choice',
  cumulative: 'invalid_allocation',
  ranked: 'invalid_ranking',
};

/**
 * The marks a ballot body stores, or the first problem with it. A body of another method's
 * shape is refused with the matter method's code.
 */
export function ballotMarks(
  matter: MarkedMatter,
  body: BallotBody,
):
  | { marks: BallotMarks; problem: null }
  | { marks: null; problem: BallotShapeProblem } {
  const marks = marksOf(matter.votingMethod, body);
  const problem = marks
    ? marksProblem(matter, marks)
    : WRONG_SHAPE[matter.votingMethod];
  return problem === null
    ? { marks: marks!, problem: null }
    : { marks: null, problem };
}

function marksOf(method: VotingMethod, body: BallotBody): BallotMarks | null {
  const shaped = body as Partial<Record<string, unknown>>;
  switch (method) {
    case 'plurality':
      return Array.isArray(shaped.choices)
        ? { choices: [...(shaped.choices as string[])], votes: null }
        : null;
    case 'cumulative': {
      if (!Array.isArray(shaped.allocations)) return null;
      const allocations = shaped.allocations as {
        option: string;
        votes: number;
      }[];
      if (allocations.some((entry) => typeof entry !== 'object' || !entry))
        return null;
      return {
        choices: allocations.map(({ option }) => option),
        votes: allocations.map(({ votes }) => votes),
      };
    }
    case 'ranked':
      return Array.isArray(shaped.ranking)
        ? { choices: [...(shaped.ranking as string[])], votes: null }
        : null;
  }
}

/**
 * Whether stored marks fit the matter: null when they do, else the first problem, checked in
 * this order. Plurality: {@link choicesProblem}, no votes. Cumulative: at least one option
 * (`invalid_allocation`), only the matter's options (`invalid_choice`), no option twice, a
 * whole number of at least 1 votes on each, at most `choices` in all (`invalid_allocation`).
 * Ranked: at least one option (`invalid_ranking`), only the matter's options
 * (`invalid_choice`), none twice, no votes (`invalid_ranking`).
 */
export function marksProblem(
  matter: MarkedMatter,
  marks: BallotMarks,
): BallotShapeProblem | null {
  const { choices, votes } = marks;
  // stored marks are read back from jsonb: a value of the wrong type is the method's problem
  if (
    !Array.isArray(choices) ||
    !(votes === null || Array.isArray(votes)) ||
    choices.some((choice) => typeof choice !== 'string')
  )
    return WRONG_SHAPE[matter.votingMethod];
  const unknown = () =>
    choices.some((choice) => !matter.options.includes(choice));
  const repeated = () => new Set(choices).size !== choices.length;
  switch (matter.votingMethod) {
    case 'plurality':
      return (
        choicesProblem(matter, choices) ??
        (votes === null ? null : 'invalid_choice')
      );
    case 'cumulative': {
      if (choices.length === 0) return 'invalid_allocation';
      if (unknown()) return 'invalid_choice';
      if (repeated()) return 'invalid_allocation';
      if (votes === null || votes.length !== choices.length)
        return 'invalid_allocation';
      let placed = 0;
      for (const vote of votes) {
        if (!Number.isSafeInteger(vote) || vote < 1)
          return 'invalid_allocation';
        placed += vote;
        if (placed > matter.choices) return 'invalid_allocation';
      }
      return null;
    }
    case 'ranked':
      if (choices.length === 0) return 'invalid_ranking';
      if (unknown()) return 'invalid_choice';
      if (repeated() || votes !== null) return 'invalid_ranking';
      return null;
  }
}

export function marksFit(matter: MarkedMatter, marks: BallotMarks): boolean {
  return marksProblem(matter, marks) === null;
}

/** The body a ballot's marks were made from: for receipts and answers. */
export function ballotBody(
  method: VotingMethod,
  marks: BallotMarks,
): BallotBody {
  switch (method) {
    case 'plurality':
      return { choices: [...marks.choices] };
    case 'cumulative':
      return {
        allocations: marks.choices.map((option, index) => ({
          option,
          votes: marks.votes?.[index] ?? 1,
        })),
      };
    case 'ranked':
      return { ranking: [...marks.choices] };
  }
}

/**
 * {@link marksFit} as a SQL boolean over a ballot row (jsonb `choices`, jsonb `votes`) and a
 * `matters` row (`options`, `choices`, `voting_method`) under the given aliases. False, never
 * null, for marks of the wrong types. It generalises `choicesFitSql` of ballot-acceptance.ts.
 */
export function marksFitSql(aliases: {
  ballot: string;
  matter: string;
}): string {
  const ballot = sqlAlias(aliases.ballot);
  const matter = sqlAlias(aliases.matter);
  const choices = `${ballot}.choices`;
  const votes = `${ballot}.votes`;
  const noVotes = `(${votes} is null or jsonb_typeof(${votes}) = 'null')`;
  // CASE guards each set-returning read, so a value of the wrong type never raises
  const someOptions =
    `case when jsonb_typeof(${choices}) = 'array' then jsonb_array_length(${choices}) >= 1` +
    ` and ${choices} <@ ${matter}.options` +
    ` and (select count(distinct c) from jsonb_array_elements(${choices}) c) = jsonb_array_length(${choices})` +
    ` else false end`;
  // a vote that is not a number reads as null, so no cast can raise
  const placed =
    `(select bool_and(n is not null and n >= 1 and n = trunc(n)) and sum(n) <= ${matter}.choices` +
    ` from (select case when jsonb_typeof(v) = 'number' then v::numeric end as n` +
    ` from jsonb_array_elements(${votes}) v) placed)`;
  return (
    `coalesce(case ${matter}.voting_method` +
    ` when 'cumulative' then ${someOptions}` +
    ` and case when jsonb_typeof(${votes}) = 'array' and jsonb_array_length(${votes}) = jsonb_array_length(${choices})` +
    ` then ${placed} else false end` +
    ` when 'ranked' then ${someOptions} and ${noVotes}` +
    ` else ${someOptions} and case when jsonb_typeof(${choices}) = 'array'` +
    ` then jsonb_array_length(${choices}) <= ${matter}.choices else false end and ${noVotes} end, false)`
  );
}

/**
 * What one ballot adds to the running per-option tally: plurality each choice once;
 * cumulative each choice its votes; ranked the first preference once (the live figure of a
 * ranked matter is first preferences). Shares are these counts times the ballot's weight.
 */
export function tallyMarks(
  method: VotingMethod,
  marks: { choices: readonly string[]; votes?: readonly number[] | null },
): { option: string; count: number }[] {
  switch (method) {
    case 'plurality':
      return marks.choices.map((option) => ({ option, count: 1 }));
    case 'cumulative':
      return marks.choices.map((option, index) => ({
        option,
        count: marks.votes?.[index] ?? 1,
      }));
    case 'ranked':
      return marks.choices.length === 0
        ? []
        : [{ option: marks.choices[0], count: 1 }];
  }
}

/**
 * {@link tallyMarks} in SQL: a subquery of rows (`option` text, `count` int, `position`
 * bigint, from 1 in ballot order) over a ballot row (`choices`, `votes`) and a `matters` row
 * (`voting_method`) under the given aliases, for `cross join lateral <it> t`.
 */
export function tallyMarksSql(aliases: {
  ballot: string;
  matter: string;
}): string {
  const ballot = sqlAlias(aliases.ballot);
  const matter = sqlAlias(aliases.matter);
  const vote = `(${ballot}.votes -> (c.position - 1)::int)`;
  return (
    `(select c.option, case when ${matter}.voting_method = 'cumulative'` +
    ` then coalesce(case when jsonb_typeof(${vote}) = 'number' then ${vote}::int end, 1)` +
    ` else 1 end as count, c.position` +
    ` from jsonb_array_elements_text(${ballot}.choices) with ordinality c(option, position)` +
    ` where ${matter}.voting_method is distinct from 'ranked' or c.position = 1)`
  );
}
