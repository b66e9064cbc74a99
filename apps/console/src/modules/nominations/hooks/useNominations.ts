import type {
  CreateMatterRequest,
  NominationStatus,
  SubmitNominationRequest,
} from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';
import type { VoterTarget } from '../../portal/hooks/useBallot';

/** The meeting's nominations for its managers, every status or one. */
export function useNominations(shortCode: string, status?: NominationStatus) {
  const api = useManagerApi();
  return useQuery({
    queryKey: [...queryKeys.nominations(shortCode), status ?? 'all'],
    queryFn: () => api.listNominations(shortCode, status),
  });
}

function useInvalidateNominations(shortCode: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: queryKeys.nominations(shortCode),
    });
}

/** Accept (`reason` absent) or reject (with the reason) a nomination. */
export function useDecideNomination(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateNominations(shortCode);
  return useMutation({
    mutationFn: ({ key, reason }: { key: string; reason?: string }) =>
      reason === undefined
        ? api.acceptNomination(shortCode, key)
        : api.rejectNomination(shortCode, key, { reason }),
    onSettled: invalidate,
  });
}

/** The election built from the accepted nominations (`fromNominations`). */
export function useCreateElection(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMatterRequest) =>
      api.createMatter(shortCode, { ...body, fromNominations: true }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.matters(shortCode) }),
  });
}

/** The member's own nominations, in the portal. */
export function useOwnNominations({
  shortCode,
  voterKey,
  voterToken,
}: VoterTarget) {
  return useQuery({
    queryKey: queryKeys.ownNominations(shortCode, voterKey),
    queryFn: () => portalApi.ownNominations(shortCode, voterToken),
  });
}

function useInvalidateOwn({ shortCode, voterKey }: VoterTarget) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: queryKeys.ownNominations(shortCode, voterKey),
    });
}

export function useSubmitNomination(target: VoterTarget) {
  const invalidate = useInvalidateOwn(target);
  return useMutation({
    mutationFn: (body: SubmitNominationRequest) =>
      portalApi.submitNomination(target.shortCode, body, target.voterToken),
    onSettled: invalidate,
  });
}

export function useWithdrawNomination(target: VoterTarget) {
  const invalidate = useInvalidateOwn(target);
  return useMutation({
    mutationFn: (key: string) =>
      portalApi.withdrawNomination(target.shortCode, key, target.voterToken),
    onSettled: invalidate,
  });
}
