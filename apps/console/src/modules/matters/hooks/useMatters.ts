import type {
  CreateMatterRequest,
  Matter,
  UpdateMatterRequest,
} from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';
import { reorderPatches } from '../utils/reorder';

export function useMatters(shortCode: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.matters(shortCode),
    queryFn: () => api.listMatters(shortCode),
    select: (matters: Matter[]) =>
      [...matters].sort((a, b) => a.order - b.order),
  });
}

function useInvalidateMatters(shortCode: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.matters(shortCode) });
}

export function useCreateMatter(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMatters(shortCode);
  return useMutation({
    mutationFn: (body: CreateMatterRequest) =>
      api.createMatter(shortCode, body),
    onSettled: invalidate,
  });
}

export function usePatchMatter(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMatters(shortCode);
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: UpdateMatterRequest }) =>
      api.patchMatter(shortCode, key, body),
    onSettled: invalidate,
  });
}

export function useDeleteMatter(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMatters(shortCode);
  return useMutation({
    mutationFn: (key: string) => api.deleteMatter(shortCode, key),
    onSettled: invalidate,
  });
}

/** Moves a matter one place up or down, renumbering whatever has to change. */
export function useMoveMatter(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateMatters(shortCode);
  return useMutation({
    mutationFn: async ({
      matters,
      index,
      by,
    }: {
      matters: Matter[];
      index: number;
      by: -1 | 1;
    }) => {
      for (const patch of reorderPatches(matters, index, by))
        await api.patchMatter(shortCode, patch.key, { order: patch.order });
    },
    onSettled: invalidate,
  });
}
