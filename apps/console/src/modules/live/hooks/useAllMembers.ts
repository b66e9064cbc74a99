import type { Member } from '@livevote/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

const PAGE = 100;

/** Every member of the meeting (the list endpoint pages by at most 100). */
export function useAllMembers(shortCode: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.allMembers(shortCode),
    queryFn: async () => {
      const members: Member[] = [];
      for (let page = 1; ; page += 1) {
        const batch = await api.listMembers(shortCode, { page, size: PAGE });
        members.push(...batch.members);
        if (batch.members.length < PAGE || members.length >= batch.total)
          return members;
      }
    },
    staleTime: 30_000,
  });
}
