import type { CheckInRequest } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLastCheckIn } from '../../../api/live/use-live';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

/** Who is checked in now; refetched whenever any desk of the meeting checks someone in or out. */
export function useCheckInList(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  const last = useLastCheckIn();
  useEffect(() => {
    if (last)
      void queryClient.invalidateQueries({
        queryKey: queryKeys.checkIns(shortCode),
      });
  }, [last, queryClient, shortCode]);
  return useQuery({
    queryKey: queryKeys.checkIns(shortCode),
    queryFn: () => api.listCheckIns(shortCode),
  });
}

/** Voters by unit, name or e-mail, with whether each is checked in. */
export function useDeskSearch(shortCode: string, searchText: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: [...queryKeys.members(shortCode), 'desk', searchText],
    queryFn: () => api.listMembers(shortCode, { searchText, size: 10 }),
    enabled: searchText.trim().length > 0,
  });
}

function useRefresh(shortCode: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: queryKeys.checkIns(shortCode),
      }),
      queryClient.invalidateQueries({ queryKey: queryKeys.members(shortCode) }),
    ]);
}

export function useCheckIn(shortCode: string) {
  const api = useManagerApi();
  const refresh = useRefresh(shortCode);
  return useMutation({
    mutationFn: (body: CheckInRequest) => api.checkIn(shortCode, body),
    onSuccess: refresh,
  });
}

export function useCheckOut(shortCode: string) {
  const api = useManagerApi();
  const refresh = useRefresh(shortCode);
  return useMutation({
    mutationFn: (voterKey: string) => api.checkOut(shortCode, voterKey),
    onSuccess: refresh,
  });
}
