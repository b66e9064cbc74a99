import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

export function useAccounts(searchText: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.accounts(searchText),
    queryFn: () => api.listAccounts(searchText || undefined),
    placeholderData: (previous) => previous,
  });
}

export function useAccount(accountKey: string, enabled = true) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.account(accountKey),
    queryFn: () => api.getAccount(accountKey),
    enabled,
  });
}
