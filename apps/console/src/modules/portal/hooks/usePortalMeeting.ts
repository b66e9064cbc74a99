import type { Language } from '@livevote/i18n';
import { useQuery } from '@tanstack/react-query';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';

/**
 * The meeting as the voter sees it (matters with eligibility and proxy rules), its texts in
 * `language`, the page's: the gateway answers in the voter's language (docs/i18n.md), so a
 * change of language asks again.
 */
export function usePortalMeeting(
  shortCode: string,
  voterKey: string,
  voterToken: string,
  language: Language,
) {
  return useQuery({
    queryKey: [...queryKeys.portalMeeting(shortCode, voterKey), language],
    queryFn: () => portalApi.getMeeting(shortCode, voterToken),
  });
}
