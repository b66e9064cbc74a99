import { useQuery } from '@tanstack/react-query';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';

/** The meeting as the voter sees it (matters with eligibility and proxy rules). */
export function usePortalMeeting(
  shortCode: string,
  voterKey: string,
  voterToken: string,
) {
  return useQuery({
    queryKey: queryKeys.portalMeeting(shortCode, voterKey),
    queryFn: () => portalApi.getMeeting(shortCode, voterToken),
  });
}
