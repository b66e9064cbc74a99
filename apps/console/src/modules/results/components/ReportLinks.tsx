import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useReportDownload } from '../hooks/useReportDownload';

export interface ReportLinksProps {
  shortCode: string;
  /** One matter's report; the whole meeting's without. */
  matterKey?: string;
  label: string;
}

/** The results report as PDF (for people) and CSV (its data, whose digest the PDF prints). */
export function ReportLinks({ shortCode, matterKey, label }: ReportLinksProps) {
  const { t } = useTranslation();
  const download = useReportDownload(shortCode, matterKey);
  return (
    <div className="report-links">
      <div className="button-row" role="group" aria-label={label}>
        <button
          type="button"
          className="secondary"
          disabled={download.isPending}
          onClick={() => download.mutate('pdf')}
        >
          {matterKey ? t('reportLinks.matterPdf') : t('reportLinks.pdf')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={download.isPending}
          onClick={() => download.mutate('csv')}
        >
          {t('reportLinks.csv')}
        </button>
      </div>
      <ErrorMessage error={download.error} />
    </div>
  );
}
