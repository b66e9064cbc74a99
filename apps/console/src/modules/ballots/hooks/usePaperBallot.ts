import { useMutation } from '@tanstack/react-query';
import { useManagerApi } from '../../auth/hooks/useSession';

export interface PaperBallotInput {
  matterKey: string;
  memberKey: string;
  choices: string[];
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
      choices,
      idempotencyKey,
    }: PaperBallotInput) =>
      api.recordBallot(
        shortCode,
        matterKey,
        { memberKey, choices, method: 'proxy' },
        idempotencyKey,
      ),
  });
}
