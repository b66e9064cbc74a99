import { VotingErrorCode, VotingException } from '../voting/voting.exception';

/**
 * The choices of a plurality ballot body. Until allocations and rankings are taken (the
 * cumulative and ranked methods of docs/elections.md), a body in another shape is refused as
 * not fitting its matter.
 */
export function plainBallot<
  T extends {
    choices?: string[] | null;
    allocations?: unknown;
    ranking?: unknown;
  },
>(body: T): T & { choices: string[] } {
  if (!body.choices) throw new VotingException(VotingErrorCode.InvalidChoice);
  return body as T & { choices: string[] };
}
