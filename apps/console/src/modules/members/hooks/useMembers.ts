import type {
  BulkInviteRequest,
  CreateMemberRequest,
  CreateVoterRequest,
  UpdateMemberRequest,
  UpdateVoterRequest,
} from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

export const MEMBERS_PAGE_SIZE = 25;

export function useMembersPage(
  shortCode: string,
  searchText: string,
  page: number,
) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.membersPage(
      shortCode,
      searchText,
      page,
      MEMBERS_PAGE_SIZE,
    ),
    queryFn: () =>
      api.listMembers(shortCode, {
        searchText: searchText || undefined,
        page,
        size: MEMBERS_PAGE_SIZE,
      }),
    placeholderData: (previous) => previous,
  });
}

function useInvalidateMembers(shortCode: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.members(shortCode) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.stats(shortCode) }),
    ]);
}

export interface NewMember {
  member: CreateMemberRequest;
  voter?: CreateVoterRequest;
}

/** Creates the member, then its first voter when one is given. */
export function useCreateMember(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMembers(shortCode);
  return useMutation({
    mutationFn: async ({ member, voter }: NewMember) => {
      const created = await api.createMember(shortCode, member);
      if (voter) await api.createVoter(shortCode, created.key, voter);
      return created;
    },
    onSettled: invalidate,
  });
}

export function useDeleteMember(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMembers(shortCode);
  return useMutation({
    mutationFn: (memberKey: string) => api.deleteMember(shortCode, memberKey),
    onSettled: invalidate,
  });
}

export function useImportMembers(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMembers(shortCode);
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      api.importMembers(shortCode, csv, dryRun),
    onSuccess: (result) => (result.dryRun ? undefined : invalidate()),
  });
}

export function useInviteVoter(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMembers(shortCode);
  return useMutation({
    mutationFn: ({ memberKey, email }: { memberKey: string; email: string }) =>
      api.inviteVoter(shortCode, memberKey, email),
    onSettled: invalidate,
  });
}

export function useInviteAll(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMembers(shortCode);
  return useMutation({
    mutationFn: (to: BulkInviteRequest['to'] = 'uninvited') =>
      api.inviteAll(shortCode, to),
    onSettled: invalidate,
  });
}

export interface MemberChanges {
  memberKey: string;
  member: UpdateMemberRequest;
}

export function usePatchMember(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMembers(shortCode);
  return useMutation({
    mutationFn: ({ memberKey, member }: MemberChanges) =>
      api.patchMember(shortCode, memberKey, member),
    onSettled: invalidate,
  });
}

export interface VoterChanges {
  memberKey: string;
  email: string;
  voter: UpdateVoterRequest;
}

export function usePatchVoter(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMembers(shortCode);
  return useMutation({
    mutationFn: ({ memberKey, email, voter }: VoterChanges) =>
      api.patchVoter(shortCode, memberKey, email, voter),
    onSettled: invalidate,
  });
}

/** The voter's personal portal link (a fresh one each time; nothing is mailed). */
export function usePersonalLink(shortCode: string) {
  const api = useManagerApi();
  return useMutation({
    mutationFn: ({ memberKey, email }: { memberKey: string; email: string }) =>
      api.personalLink(shortCode, memberKey, email),
  });
}
