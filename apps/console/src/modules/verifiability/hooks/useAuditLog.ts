import { useMutation, useQuery } from '@tanstack/react-query';
import type { AuditFilter } from '../../../api/manager-api';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';
import { saveFile } from '../../ui/utils/save-file';

/** The newest entries of the meeting's audit log under the filter (filtered by the gateway). */
export function useAuditLog(shortCode: string, filter: AuditFilter) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.audit(
      shortCode,
      filter.kind ?? '',
      filter.actor ?? '',
      filter.from ?? '',
      filter.to ?? '',
    ),
    queryFn: () => api.auditLog(shortCode, { ...filter, limit: 500 }),
  });
}

/** Saves the whole filtered log as CSV or JSON Lines (it needs the token, so no plain link). */
export function useAuditDownload(shortCode: string, filter: AuditFilter) {
  const api = useManagerApi();
  return useMutation({
    mutationFn: async (format: 'csv' | 'jsonl') => {
      const { blob, fileName } = await api.auditFile(shortCode, format, filter);
      saveFile(blob, fileName);
    },
  });
}
