import type { TieBreakRequest } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

/** Whether the signed-in user may sign off this meeting's results, and who may. */
export function useSignOffStatus(shortCode: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.signOff(shortCode),
    queryFn: () => api.signOffStatus(shortCode),
  });
}

/** Signs off a closed matter's result; the published result arrives on the live channel. */
export function useSignOff(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matterKey: string) => api.signOff(shortCode, matterKey),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.matters(shortCode) }),
  });
}

/** Records the chair's decision on a tied election; the result arrives on the live channel. */
export function useTieBreak(shortCode: string, matterKey: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TieBreakRequest) =>
      api.tieBreak(shortCode, matterKey, body),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.matters(shortCode) }),
  });
}
