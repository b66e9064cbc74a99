import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

export function useDocuments(shortCode: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.documents(shortCode),
    queryFn: () => api.listDocuments(shortCode),
  });
}

/** Uploads the bytes, then registers them with the meeting (docs/decisions.md, "Documents and webcast"). */
export function useUploadDocument(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      api.registerDocument(
        shortCode,
        await api.uploadDocument(shortCode, file),
      ),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.documents(shortCode),
      }),
  });
}

export function useDeleteDocument(shortCode: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentKey: string) =>
      api.deleteDocument(shortCode, documentKey),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.documents(shortCode),
      }),
  });
}
