import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

/** A read-only link for the scrutineers' big screen (valid 24 hours). */
export function useScreenLink(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.createScreenToken(shortCode),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.screenTokens(shortCode),
      }),
  });
}

/** The meeting's screen links in use, by whoever made them (never the tokens themselves). */
export function useScreenTokens(shortCode: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.screenTokens(shortCode),
    queryFn: () => api.listScreenTokens(shortCode),
  });
}

/** Revokes a screen link: screens open with it go dark at once. */
export function useRevokeScreenToken(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.revokeScreenToken(shortCode, key),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.screenTokens(shortCode),
      }),
  });
}
