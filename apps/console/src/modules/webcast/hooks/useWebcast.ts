import type { PutWebcastRequest } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

/** How often the tab reads the webcast again: the provider's events move its status. */
const STATUS_REFRESH_MS = 15_000;

/** The meeting's webcast, or null before one is set up. */
export function useWebcast(shortCode: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.webcast(shortCode),
    queryFn: () => api.getWebcast(shortCode),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'ended'
        ? STATUS_REFRESH_MS
        : false,
  });
}

export function usePutWebcast(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutWebcastRequest) => api.putWebcast(shortCode, body),
    onSuccess: (webcast) =>
      queryClient.setQueryData(queryKeys.webcast(shortCode), webcast),
  });
}

export function useLaunchWebcast(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.launchWebcast(shortCode),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webcast(shortCode) }),
  });
}
