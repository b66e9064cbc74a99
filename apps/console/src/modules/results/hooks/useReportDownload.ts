import { useMutation } from '@tanstack/react-query';
import type { ReportFormat } from '../../../api/manager-api';
import { useManagerApi } from '../../auth/hooks/useSession';
import { saveFile } from '../../ui/utils/save-file';

/** Downloads the results report (it needs the manager's token, so no plain link). */
export function useReportDownload(shortCode: string, matterKey?: string) {
  const api = useManagerApi();
  return useMutation({
    mutationFn: async (format: ReportFormat) => {
      const { blob, fileName } = await api.reportFile(
        shortCode,
        format,
        matterKey,
      );
      saveFile(blob, fileName);
    },
  });
}
