import type { SubmitProxyRequest } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';
import type { VoterTarget } from '../../portal/hooks/useBallot';

export function useProxyForm({ shortCode, voterKey, voterToken }: VoterTarget) {
  return useQuery({
    queryKey: queryKeys.proxyForm(shortCode, voterKey),
    queryFn: () => portalApi.proxyForm(shortCode, voterToken),
  });
}

export function useOwnProxy({ shortCode, voterKey, voterToken }: VoterTarget) {
  return useQuery({
    queryKey: queryKeys.ownProxy(shortCode, voterKey),
    queryFn: () => portalApi.ownProxy(shortCode, voterToken),
  });
}

export function useSubmitProxy({
  shortCode,
  voterKey,
  voterToken,
}: VoterTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitProxyRequest) =>
      portalApi.submitProxy(shortCode, body, voterToken),
    onSuccess: (proxy) =>
      queryClient.setQueryData(queryKeys.ownProxy(shortCode, voterKey), proxy),
  });
}

export function useWithdrawProxy({
  shortCode,
  voterKey,
  voterToken,
}: VoterTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => portalApi.withdrawProxy(shortCode, voterToken),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.ownProxy(shortCode, voterKey),
      }),
  });
}
