import type {
  CreateMeetingRequest,
  Meeting,
  PatchMeetingRequest,
  PatchMeetingSettingsRequest,
} from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

export function useMeetings(accountKey: string, searchText: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.meetings(accountKey, searchText),
    queryFn: () => api.listMeetings(accountKey, searchText || undefined),
    placeholderData: (previous) => previous,
  });
}

export function useMeeting(shortCode: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.meeting(shortCode),
    queryFn: () => api.getMeeting(shortCode),
  });
}

export function useCreateMeeting(accountKey: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMeetingRequest) =>
      api.createMeeting(accountKey, body),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.meetings(accountKey),
      }),
  });
}

export function usePatchMeeting(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchMeetingRequest) =>
      api.patchMeeting(shortCode, body),
    onSuccess: (meeting: Meeting) =>
      queryClient.setQueryData(queryKeys.meeting(shortCode), meeting),
  });
}

export function useMeetingSettings(shortCode: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.settings(shortCode),
    queryFn: () => api.getSettings(shortCode),
  });
}

export function usePatchMeetingSettings(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchMeetingSettingsRequest) =>
      api.patchSettings(shortCode, body),
    onSuccess: (settings) =>
      queryClient.setQueryData(queryKeys.settings(shortCode), settings),
  });
}

export function useMeetingStats(shortCode: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.stats(shortCode),
    queryFn: () => api.getStats(shortCode),
  });
}
