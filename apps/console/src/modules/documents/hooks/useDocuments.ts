import type { RegisterDocumentRequest } from '@livevote/contracts';
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
    mutationFn: async ({
      file,
      texts,
    }: {
      file: File;
      /** Its title in the other language, and the readers it is for (docs/i18n.md). */
      texts?: Pick<RegisterDocumentRequest, 'translations' | 'language'>;
    }) =>
      api.registerDocument(
        shortCode,
        await api.uploadDocument(shortCode, file),
        true,
        texts,
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
