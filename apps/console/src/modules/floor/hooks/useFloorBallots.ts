import type { FloorBallotRequest } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

/** The member of a unit number, or null when the meeting has none. */
export function useFindUnit(shortCode: string) {
  const api = useManagerApi();
  return async (unit: string) => {
    const page = await api.listMembers(shortCode, {
      filters: `unit:${unit}`,
      size: 1,
    });
    return page.members[0] ?? null;
  };
}

export function useRecordFloorBallot(shortCode: string, matterKey: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FloorBallotRequest) =>
      api.recordFloorBallot(shortCode, matterKey, body),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.floorPending(shortCode, matterKey),
      }),
  });
}

/** Double entry: the sheets waiting for a second entry or a resolution (another clerk's too). */
export function usePendingFloorBallots(
  shortCode: string,
  matterKey: string,
  enabled: boolean,
) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.floorPending(shortCode, matterKey),
    queryFn: () => api.pendingFloorBallots(shortCode, matterKey),
    enabled,
    refetchInterval: 3000,
  });
}

export function useDiscardFloorEntry(shortCode: string, matterKey: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryKey: string) =>
      api.discardFloorEntry(shortCode, matterKey, entryKey),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.floorPending(shortCode, matterKey),
      }),
  });
}
