import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

/** A closed matter's count for chairs and scrutineers. */
export function usePublishedCount(shortCode: string, matterKey: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.published(shortCode, matterKey),
    queryFn: () => api.publishedCount(shortCode, matterKey),
    retry: false,
  });
}
