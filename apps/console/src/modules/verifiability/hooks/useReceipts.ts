import { useMutation, useQuery } from '@tanstack/react-query';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';
import type { VoterTarget } from '../../portal/hooks/useBallot';

/** Sends the voter their receipt by e-mail. */
export function useEmailReceipt({ shortCode, voterToken }: VoterTarget) {
  return useMutation({
    mutationFn: (receipt: string) =>
      portalApi.emailReceipt(shortCode, receipt, voterToken),
  });
}

/**
 * The member's receipts, newest first, with what became of each; read again as matters close
 * (`closed`, their number), since a close settles which ballot counts.
 */
export function useReceipts(
  { shortCode, voterKey, voterToken }: VoterTarget,
  closed = 0,
) {
  return useQuery({
    queryKey: [...queryKeys.receipts(shortCode, voterKey), closed],
    queryFn: () => portalApi.receipts(shortCode, voterToken),
  });
}

/** A matter's published count as a voter sees it (only once it is published). */
export function usePortalPublishedCount(
  { shortCode, voterKey, voterToken }: VoterTarget,
  matterKey: string,
) {
  return useQuery({
    queryKey: queryKeys.portalPublished(shortCode, voterKey, matterKey),
    queryFn: () => portalApi.publishedCount(shortCode, matterKey, voterToken),
    enabled: matterKey !== '',
    retry: false,
  });
}
