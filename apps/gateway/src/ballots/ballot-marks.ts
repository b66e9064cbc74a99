import {
  ballotBody,
  ballotMarks,
  type BallotBody,
  type BallotMarks,
  type BallotShapeProblem,
  type MarkedMatter,
  type VotingMethod,
} from '@livevote/rules';
import type { ProblemItem } from '../common/api-exception';

/** A ballot body as requests carry it: exactly one of the three (libs/contracts' ballot-body.ts). */
export interface BodyFields {
  choices?: readonly string[] | null;
  allocations?: readonly { option: string; votes: number }[];
  ranking?: readonly string[];
}

/** The body a request carries, without its other fields: the one of the three it gave. */
export function bodyOf(request: BodyFields): BallotBody {
  if (request.allocations) return { allocations: request.allocations };
  if (request.ranking) return { ranking: request.ranking };
  return { choices: request.choices ?? [] };
}

/**
 * The marks a ballot body stores for the matter (libs/rules' `ballotMarks`), or the problem
 * and where in the request it is: `fail(problem, errors)` throws the route's exception with
 * `errors[]` naming the path, e.g. `allocations.1.votes` (under `prefix`, e.g. `split.0`).
 */
export function marksOrFail(
  matter: MarkedMatter,
  request: BodyFields,
  fail: (problem: BallotShapeProblem, errors: ProblemItem[]) => never,
  prefix = '',
): BallotMarks {
  const body = bodyOf(request);
  const checked = ballotMarks(matter, body);
  if (checked.marks) return checked.marks;
  const [path, message] = locate(matter, body, checked.problem);
  return fail(checked.problem, [
    { path: prefix ? `${prefix}.${path}` : path, message },
  ]);
}

const FIELD = {
  plurality: 'choices',
  cumulative: 'allocations',
  ranked: 'ranking',
} as const;

/**
 * Where the problem `ballotMarks` found is: the first item that shows it. Only points at
 * it; whether the ballot is good is `ballotMarks`' answer alone.
 */
function locate(
  matter: MarkedMatter,
  body: BallotBody,
  problem: BallotShapeProblem,
): [path: string, message: string] {
  const field = FIELD[matter.votingMethod];
  if (!(field in body))
    return [
      Object.keys(body)[0],
      `This matter is voted by the ${matter.votingMethod} method: give the ballot as ${field}.`,
    ];
  const options =
    'allocations' in body
      ? body.allocations.map(({ option }) => option)
      : 'ranking' in body
        ? body.ranking
        : body.choices;
  const item = (index: number) =>
    'allocations' in body ? `allocations.${index}.option` : `${field}.${index}`;
  if (options.length === 0)
    return [field, 'Name at least one option of the matter.'];
  const unknown = options.findIndex(
    (option) => !matter.options.includes(option),
  );
  const repeated = options.findIndex(
    (option, index) => options.indexOf(option) !== index,
  );
  if (problem === 'invalid_choice' && unknown >= 0)
    return [
      item(unknown),
      'Not one of the options of this matter (ballots name the options as the matter lists them).',
    ];
  if (repeated >= 0 && problem !== 'too_many_choices')
    return [item(repeated), 'This option is named more than once.'];
  if ('allocations' in body) {
    let placed = 0;
    for (const [index, { votes }] of body.allocations.entries()) {
      if (!Number.isSafeInteger(votes) || votes < 1)
        return [
          `allocations.${index}.votes`,
          'Votes are whole numbers of at least 1.',
        ];
      placed += votes;
      if (placed > matter.choices)
        return [
          `allocations.${index}.votes`,
          `The votes add up to more than the ${matter.choices} a member places on this matter.`,
        ];
    }
  }
  if (problem === 'too_many_choices')
    return [
      field,
      `At most ${matter.choices} choice${matter.choices === 1 ? '' : 's'} on this matter.`,
    ];
  return [field, 'This ballot does not fit the matter.'];
}

/**
 * A stored ballot as answers show it (own ballot, receipts, floor entries, published
 * receipts): `choices` in ballot order always, and `allocations` or `ranking` for those
 * methods (libs/rules' `ballotBody`).
 */
export function ballotAnswer(
  method: VotingMethod,
  marks: { choices: string[]; votes?: number[] | null },
): {
  choices: string[];
  allocations?: { option: string; votes: number }[];
  ranking?: string[];
} {
  const body = ballotBody(method, {
    choices: marks.choices,
    votes: marks.votes ?? null,
  });
  if ('allocations' in body)
    return { choices: [...marks.choices], allocations: [...body.allocations] };
  if ('ranking' in body)
    return { choices: [...marks.choices], ranking: [...body.ranking] };
  return { choices: [...marks.choices] };
}

/**
 * Whether two ballots say the same under the method: the same options chosen (plurality, in
 * any order), the same votes on the same options (cumulative, in any order), the same order
 * (ranked).
 */
export function sameMarks(
  method: VotingMethod,
  a: BallotMarks,
  b: BallotMarks,
): boolean {
  const items = (marks: BallotMarks) =>
    marks.choices.map((option, index) =>
      method === 'cumulative'
        ? `${option}\u0000${marks.votes?.[index] ?? 1}`
        : option,
    );
  const [left, right] = [items(a), items(b)];
  if (left.length !== right.length) return false;
  if (method === 'ranked') return left.every((item, i) => item === right[i]);
  const sorted = (list: string[]) => [...list].sort().join('\n');
  return sorted(left) === sorted(right);
}
