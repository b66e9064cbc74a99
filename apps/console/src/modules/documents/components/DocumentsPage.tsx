import { MAX_DOCUMENT_SIZE } from '@livevote/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useFileSize } from '../hooks/useFileSize';
import { useZonedTime } from '../../../i18n/use-language';
import {
  useDeleteDocument,
  useDocuments,
  useUploadDocument,
} from '../hooks/useDocuments';

export function DocumentsPage() {
  const { t } = useTranslation();
  const formatBytes = useFileSize();
  const at = useZonedTime();
  const { shortCode = '' } = useParams();
  const id = useId();
  const { data: documents, error, isPending } = useDocuments(shortCode);
  const upload = useUploadDocument(shortCode);
  const remove = useDeleteDocument(shortCode);
  const [file, setFile] = useState<File>();
  const input = useRef<HTMLInputElement>(null);
  const tooBig = file !== undefined && file.size > MAX_DOCUMENT_SIZE;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || tooBig) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(undefined);
        if (input.current) input.current.value = '';
      },
    });
  }

  return (
    <div className="stack">
      <section className="panel" aria-labelledby={`${id}-list`}>
        <h3 id={`${id}-list`}>{t('documents.forMembers')}</h3>
        <ErrorMessage error={error ?? remove.error} />
        {isPending && <Loading />}
        {documents && documents.length === 0 && <p>{t('documents.none')}</p>}
        {documents && documents.length > 0 && (
          <ul className="pick-list" aria-label={t('documents.list')}>
            {documents.map((document) => (
              <li key={document.key} className="pick-row">
                <a
                  href={document.document.url}
                  target="_blank"
                  rel="noreferrer"
                >
                  <span className="pick-title">{document.document.name}</span>
                  <span className="pick-meta">
                    {t('documents.added', {
                      size: formatBytes(document.document.size),
                      at: at(document.createdAt),
                    })}
                  </span>
                </a>
                <button
                  type="button"
                  className="secondary danger"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (
                      window.confirm(
                        t('documents.confirmDelete', {
                          name: document.document.name,
                        }),
                      )
                    )
                      remove.mutate(document.key);
                  }}
                >
                  {t('common.delete')}
                  <span className="sr-only"> {document.document.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form
        className="panel"
        aria-labelledby={`${id}-upload`}
        onSubmit={handleSubmit}
      >
        <h3 id={`${id}-upload`}>{t('documents.uploadTitle')}</h3>
        <ErrorMessage error={upload.error} />
        {tooBig && (
          <Alert>
            {t('documents.tooBig', {
              size: formatBytes(file.size),
              limit: formatBytes(MAX_DOCUMENT_SIZE),
            })}
          </Alert>
        )}
        {upload.isSuccess && (
          <Alert tone="success">{t('documents.addedAlert')}</Alert>
        )}
        <div className="field">
          <label htmlFor={`${id}-file`}>{t('documents.file')}</label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              upload.reset();
            }}
          />
        </div>
        <button
          type="submit"
          className="primary"
          disabled={!file || tooBig || upload.isPending}
        >
          {upload.isPending ? t('documents.uploading') : t('documents.upload')}
        </button>
      </form>
    </div>
  );
}
