import type { PortalDocument } from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { portalApi } from '../../../api/portal-api';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { saveFile } from '../../ui/utils/save-file';
import { usePortalDocuments } from '../../check-in/hooks/usePortalAttendance';
import type { VoterTarget } from '../../portal/hooks/useBallot';
import { useFileSize } from '../hooks/useFileSize';

/** The meeting's documents (agenda, budget...) for its voters. */
export function PortalDocuments({ target }: { target: VoterTarget }) {
  const { t } = useTranslation();
  const formatBytes = useFileSize();
  const documents = usePortalDocuments(target);
  const [failed, setFailed] = useState<unknown>();
  if (!documents.data?.length) return null;

  const download = async (document: PortalDocument) => {
    setFailed(undefined);
    try {
      saveFile(
        await portalApi.downloadDocument(
          target.shortCode,
          document.key,
          target.voterToken,
        ),
        document.name,
      );
    } catch (caught) {
      setFailed(caught);
    }
  };

  return (
    <section aria-labelledby="documents" className="portal-section">
      <h2 id="documents">{t('documents.title')}</h2>
      <ErrorMessage error={documents.error ?? failed} />
      <ul className="pick-list" aria-label={t('documents.meetingDocuments')}>
        {documents.data.map((document) => (
          <li key={document.key} className="pick-row">
            <span>
              <span className="pick-title">{document.name}</span>
              <span className="pick-meta">{formatBytes(document.size)}</span>
            </span>
            <button
              type="button"
              className="secondary"
              aria-label={t('documents.downloadLabel', { name: document.name })}
              onClick={() => void download(document)}
            >
              {t('documents.download')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
