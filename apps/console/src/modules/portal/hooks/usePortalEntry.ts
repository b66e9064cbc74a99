import { useQuery } from '@tanstack/react-query';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';

/** Which meeting a portal address is, shown on its way in before anyone signs in. */
export function usePortalEntry(shortCode: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.portalEntry(shortCode),
    queryFn: () => portalApi.entry(shortCode),
    enabled,
    staleTime: Infinity,
  });
}
