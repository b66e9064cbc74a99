import {
  ballotBody,
  type BallotBody,
  type VotingMethod,
} from '@livevote/rules';

/**
 * A ballot being marked, in one shape for every method (docs/elections.md): `choices` the
 * options in the ballot's order (a plurality's chosen options, a ranking's order, the options
 * holding votes) and `votes` the whole votes on each, parallel to `choices` (cumulative only;
 * empty otherwise). libs/rules' `ballotBody` turns it into the body the gateway takes.
 */
export interface MarksDraft {
  choices: string[];
  votes: number[];
}

/** What marking a ballot needs of its matter. */
export interface MarkableMatter {
  options: readonly string[];
  /** Plurality: options a ballot may choose; cumulative: votes to place; ranked: seats. */
  choices: number;
  votingMethod: VotingMethod;
  candidates?: readonly { name: string; statement: string }[];
  /**
   * One label per option in the reader's language (the portal's `optionLabels`, docs/i18n.md);
   * ballots still name the canonical `options`.
   */
  optionLabels?: readonly string[];
}

/** What a reader sees for `option`: its label in their language, else the option itself. */
export function labelOf(
  matter: Pick<MarkableMatter, 'options' | 'optionLabels'>,
  option: string,
): string {
  const label = matter.optionLabels?.[matter.options.indexOf(option)];
  return label?.trim() ? label : option;
}

export const EMPTY_MARKS: MarksDraft = { choices: [], votes: [] };

/** The body to send: `{choices}`, `{allocations}` or `{ranking}` by the matter's method. */
export function bodyOf(method: VotingMethod, draft: MarksDraft): BallotBody {
  return ballotBody(method, {
    choices: draft.choices,
    votes: method === 'cumulative' ? draft.votes : null,
  });
}

/** A ballot as answers show it (own ballot, direction, floor entry) back to a draft. */
export function draftOf(
  answer:
    | {
        choices?: readonly string[] | null;
        allocations?: readonly { option: string; votes: number }[];
        ranking?: readonly string[];
      }
    | null
    | undefined,
  matter: MarkableMatter,
): MarksDraft {
  if (!answer) return { choices: [], votes: [] };
  const known = (option: string) => matter.options.includes(option);
  if (matter.votingMethod === 'cumulative' && answer.allocations) {
    const kept = answer.allocations.filter(({ option }) => known(option));
    return {
      choices: kept.map(({ option }) => option),
      votes: kept.map(({ votes }) => votes),
    };
  }
  if (matter.votingMethod === 'ranked' && answer.ranking)
    return { choices: answer.ranking.filter(known), votes: [] };
  return { choices: (answer.choices ?? []).filter(known), votes: [] };
}

/** Whether a draft holds any mark (a send button waits for one). */
export function hasMarks(draft: MarksDraft): boolean {
  return draft.choices.length > 0;
}

// ---- ranked: tap in order ----

/** Tapping an option: it takes the next rank, or leaves the ranking if it had one. */
export function toggleRank(draft: MarksDraft, option: string): MarksDraft {
  return draft.choices.includes(option)
    ? { choices: draft.choices.filter((o) => o !== option), votes: [] }
    : { choices: [...draft.choices, option], votes: [] };
}

/** Moves a ranked option one place up (-1) or down (+1); unchanged at either end. */
export function moveRank(
  draft: MarksDraft,
  option: string,
  by: -1 | 1,
): MarksDraft {
  const from = draft.choices.indexOf(option);
  const to = from + by;
  if (from < 0 || to < 0 || to >= draft.choices.length) return draft;
  const choices = [...draft.choices];
  [choices[from], choices[to]] = [choices[to]!, choices[from]!];
  return { choices, votes: [] };
}

// ---- cumulative: steppers ----

export function votesPlaced(draft: MarksDraft): number {
  return draft.votes.reduce((sum, votes) => sum + votes, 0);
}

export function votesOn(draft: MarksDraft, option: string): number {
  const index = draft.choices.indexOf(option);
  return index < 0 ? 0 : (draft.votes[index] ?? 0);
}

/**
 * One vote more (+1) or less (-1) on an option, never below none nor beyond `limit` in all.
 * Options keep the matter's order; an option left with none leaves the allocation.
 */
export function stepVotes(
  draft: MarksDraft,
  options: readonly string[],
  option: string,
  by: -1 | 1,
  limit: number,
): MarksDraft {
  const next = votesOn(draft, option) + by;
  if (next < 0 || (by > 0 && votesPlaced(draft) >= limit)) return draft;
  const held = options
    .map((o) => ({ option: o, votes: o === option ? next : votesOn(draft, o) }))
    .filter(({ votes }) => votes > 0);
  return {
    choices: held.map(({ option: o }) => o),
    votes: held.map(({ votes }) => votes),
  };
}
