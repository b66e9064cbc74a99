import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

/** Who is connected now; read again whenever the live count changes. */
export function useConnected(
  shortCode: string,
  numVoters: number,
  enabled: boolean,
) {
  const api = useManagerApi();
  return useQuery({
    queryKey: [...queryKeys.connected(shortCode), numVoters],
    queryFn: () => api.connected(shortCode),
    enabled,
    placeholderData: (previous) => previous,
  });
}
