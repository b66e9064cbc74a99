import type { RecordBallotRequest } from '@livevote/contracts';
import type { BallotBody } from '@livevote/rules';
import { useMutation } from '@tanstack/react-query';
import { useManagerApi } from '../../auth/hooks/useSession';

export interface PaperBallotInput {
  matterKey: string;
  memberKey: string;
  /** `{choices}`, `{allocations}` or `{ranking}`, by the matter's voting method. */
  body: BallotBody;
  /** The marks in a line, for the confirmation. */
  text: string;
  /** The same key for every retry of one entry. */
  idempotencyKey: string;
}

/** Records a paper ballot for a member: a manager's `proxy` ballot (docs/proxies.md). */
export function usePaperBallot(shortCode: string) {
  const api = useManagerApi();
  return useMutation({
    mutationFn: ({
      matterKey,
      memberKey,
      body,
      idempotencyKey,
    }: PaperBallotInput) =>
      api.recordBallot(
        shortCode,
        matterKey,
        { memberKey, ...body, method: 'proxy' } as RecordBallotRequest,
        idempotencyKey,
      ),
  });
}
