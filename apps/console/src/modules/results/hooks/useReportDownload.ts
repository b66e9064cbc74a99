import { useMutation } from '@tanstack/react-query';
import type { ReportFormat } from '../../../api/manager-api';
import { useManagerApi } from '../../auth/hooks/useSession';

/** Hands a fetched file to the browser as a download. */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
      save(blob, fileName);
    },
  });
}
