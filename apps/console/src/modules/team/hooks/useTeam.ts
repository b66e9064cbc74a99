import type { AccountRole, CreateInvitationRequest } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

export function useTeam(accountKey: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.team(accountKey),
    queryFn: () => api.listTeam(accountKey),
  });
}

export function useInvitations(accountKey: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.invitations(accountKey),
    queryFn: () => api.listInvitations(accountKey),
  });
}

function useRefresh(accountKey: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.team(accountKey) }),
      queryClient.invalidateQueries({
        queryKey: queryKeys.invitations(accountKey),
      }),
      queryClient.invalidateQueries({
        queryKey: queryKeys.account(accountKey),
      }),
    ]);
}

export function useInvite(accountKey: string) {
  const api = useManagerApi();
  const refresh = useRefresh(accountKey);
  return useMutation({
    mutationFn: (body: CreateInvitationRequest) => api.invite(accountKey, body),
    onSuccess: refresh,
  });
}

export function useRevokeInvitation(accountKey: string) {
  const api = useManagerApi();
  const refresh = useRefresh(accountKey);
  return useMutation({
    mutationFn: (invitationKey: string) =>
      api.revokeInvitation(accountKey, invitationKey),
    onSuccess: refresh,
  });
}

export function useSetRoles(accountKey: string) {
  const api = useManagerApi();
  const refresh = useRefresh(accountKey);
  return useMutation({
    mutationFn: ({ email, roles }: { email: string; roles: AccountRole[] }) =>
      api.setRoles(accountKey, email, roles),
    onSuccess: refresh,
  });
}

export function useRemoveFromTeam(accountKey: string) {
  const api = useManagerApi();
  const refresh = useRefresh(accountKey);
  return useMutation({
    mutationFn: (email: string) => api.removeFromTeam(accountKey, email),
    onSuccess: refresh,
  });
}
