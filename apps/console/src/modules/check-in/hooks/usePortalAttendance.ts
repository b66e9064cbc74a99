import type { RsvpAnswer } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';
import type { VoterTarget } from '../../portal/hooks/useBallot';

export function useRsvp({ shortCode, voterKey, voterToken }: VoterTarget) {
  return useQuery({
    queryKey: queryKeys.rsvp(shortCode, voterKey),
    queryFn: () => portalApi.rsvp(shortCode, voterToken),
  });
}

export function useSetRsvp({ shortCode, voterKey, voterToken }: VoterTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: RsvpAnswer) =>
      portalApi.setRsvp(shortCode, answer, voterToken),
    onSuccess: (rsvp) =>
      queryClient.setQueryData(queryKeys.rsvp(shortCode, voterKey), rsvp),
  });
}

/** Fetched only when the voter asks to see it (at the door). */
export function useCheckInCode(
  { shortCode, voterKey, voterToken }: VoterTarget,
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeys.checkInCode(shortCode, voterKey),
    queryFn: () => portalApi.checkInCode(shortCode, voterToken),
    enabled,
  });
}

export function usePortalDocuments({
  shortCode,
  voterKey,
  voterToken,
}: VoterTarget) {
  return useQuery({
    queryKey: queryKeys.portalDocuments(shortCode, voterKey),
    queryFn: () => portalApi.documents(shortCode, voterToken),
  });
}
