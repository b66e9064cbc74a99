import type {
  HolderSplit,
  PaperProxyRequest,
  ProxyStatus,
} from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

export function useProxies(
  shortCode: string,
  filter: { status?: ProxyStatus; holder?: string },
) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.proxies(shortCode, filter.status, filter.holder),
    queryFn: () => api.listProxies(shortCode, filter),
    placeholderData: (previous) => previous,
  });
}

export function useProxyHolders(shortCode: string, refetchMs?: number) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.proxyHolders(shortCode),
    queryFn: () => api.listProxyHolders(shortCode),
    refetchInterval: refetchMs,
  });
}

/** After a proxy changes: its lists, holders and the meeting stats. */
function useInvalidateProxies(shortCode: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        ['meeting', shortCode, 'proxies'],
        queryKeys.proxyHolders(shortCode),
        queryKeys.stats(shortCode),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useVerifyProxy(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateProxies(shortCode);
  return useMutation({
    mutationFn: (proxyKey: string) => api.verifyProxy(shortCode, proxyKey),
    onSettled: invalidate,
  });
}

export function useRejectProxy(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateProxies(shortCode);
  return useMutation({
    mutationFn: ({ proxyKey, reason }: { proxyKey: string; reason: string }) =>
      api.rejectProxy(shortCode, proxyKey, reason),
    onSettled: invalidate,
  });
}

/** Uploads the scan (when given) as a meeting document, then enters the proxy. */
export function useEnterPaperProxy(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateProxies(shortCode);
  return useMutation({
    mutationFn: async ({
      body,
      scan,
    }: {
      body: Omit<PaperProxyRequest, 'scanKey'>;
      scan?: File;
    }) => {
      let scanKey: string | undefined;
      if (scan) {
        const uploaded = await api.uploadDocument(shortCode, scan);
        // never in the portal, even before the proxy points at it or if entering it fails
        const documents = await api.registerDocument(
          shortCode,
          uploaded,
          false,
        );
        scanKey = documents.find((d) => d.document.Key === uploaded.Key)?.key;
      }
      return api.enterPaperProxy(shortCode, { ...body, scanKey });
    },
    onSettled: invalidate,
  });
}

export function useSetHolderPresence(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateProxies(shortCode);
  return useMutation({
    mutationFn: ({
      holderKey,
      present,
    }: {
      holderKey: string;
      present: boolean;
    }) => api.setHolderPresence(shortCode, holderKey, present),
    onSettled: invalidate,
  });
}

export function useResendHolderLink(shortCode: string) {
  const api = useManagerApi();
  const invalidate = useInvalidateProxies(shortCode);
  return useMutation({
    mutationFn: (holderKey: string) =>
      api.resendHolderLink(shortCode, holderKey),
    onSettled: invalidate,
  });
}

export function useDefaultHolderView(
  shortCode: string,
  holderKey: string | undefined,
) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.defaultHolderView(shortCode, holderKey ?? ''),
    queryFn: () => api.defaultHolderView(shortCode, holderKey!),
    enabled: Boolean(holderKey),
    refetchInterval: 5000,
  });
}

export function useCastForDefaultHolder(shortCode: string, holderKey: string) {
  const api = useManagerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      matterKey,
      split,
    }: {
      matterKey: string;
      split: HolderSplit[];
    }) => api.castForDefaultHolder(shortCode, holderKey, matterKey, split),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.defaultHolderView(shortCode, holderKey),
      }),
  });
}
