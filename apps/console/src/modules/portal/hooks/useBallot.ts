import type { OwnBallot, OwnBallots } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';
import type { BallotBody } from '@livevote/rules';

function ownMarks(
  body: BallotBody,
): Pick<OwnBallot, 'choices' | 'allocations' | 'ranking'> {
  if ('allocations' in body)
    return {
      choices: body.allocations.map(({ option }) => option),
      allocations: body.allocations.map((a) => ({ ...a })),
    };
  if ('ranking' in body)
    return { choices: [...body.ranking], ranking: [...body.ranking] };
  return { choices: [...body.choices] };
}

/** The signed-in voter the portal's requests act for. */
export interface VoterTarget {
  shortCode: string;
  voterKey: string;
  voterToken: string;
}

export interface BallotTarget extends VoterTarget {
  matterKey: string;
}

/**
 * The member's own ballot on a matter, or null when none was cast. Every matter reads the
 * one list of the member's ballots, so a page of matters makes one request, not one each.
 */
export function useOwnBallot({
  shortCode,
  voterKey,
  voterToken,
  matterKey,
}: BallotTarget) {
  return useQuery({
    queryKey: queryKeys.ownBallots(shortCode, voterKey),
    queryFn: () => portalApi.ownBallots(shortCode, voterToken),
    select: (data: OwnBallots): OwnBallot | null =>
      data.ballots.find((ballot) => ballot.matterKey === matterKey) ?? null,
  });
}

export interface CastInput {
  /** `{choices}`, `{allocations}` or `{ranking}`, by the matter's voting method. */
  body: BallotBody;
  /** The same key for every retry of one confirmed choice. */
  idempotencyKey: string;
  method: OwnBallot['method'];
}

export function useCastBallot({
  shortCode,
  voterKey,
  voterToken,
  matterKey,
}: BallotTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: CastInput) =>
      portalApi.castBallot(
        shortCode,
        matterKey,
        body,
        voterToken,
        idempotencyKey,
      ),
    onSuccess: (receipt, { body, method }) => {
      const ballot: OwnBallot = {
        ballotId: receipt.ballotId,
        matterKey: receipt.matterKey,
        // as the gateway answers it: `choices` always, and the ranking or allocations
        ...ownMarks(body),
        method,
        castAt: receipt.castAt,
        receipt: receipt.receipt,
      };
      queryClient.setQueryData<OwnBallots>(
        queryKeys.ownBallots(shortCode, voterKey),
        (current) => ({
          ballots: [
            ...(current?.ballots ?? []).filter(
              (other) => other.matterKey !== matterKey,
            ),
            ballot,
          ],
        }),
      );
      void queryClient.invalidateQueries({
        queryKey: queryKeys.receipts(shortCode, voterKey),
      });
    },
  });
}
