import {
  MAX_DOCUMENT_SIZE,
  RegisterDocumentRequest,
} from '@livevote/contracts';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Language } from '@livevote/i18n';
import {
  contentLanguages,
  useLanguageName,
} from '../../../i18n/content-language';
import { useMeeting } from '../../meetings/hooks/useMeetings';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import { useFileSize } from '../hooks/useFileSize';
import { useZonedTime } from '../../../i18n/use-language';
import {
  useDeleteDocument,
  useDocuments,
  useUploadDocument,
} from '../hooks/useDocuments';

interface UploadDraft {
  file?: File;
  /** The meeting's second language, whose title `translatedTitle` holds; '' for none. */
  translationLanguage: Language | '';
  /** The title in that language; blank: its readers see the file's name. */
  translatedTitle: string;
  /** The readers it is for; '' for everyone (docs/i18n.md). */
  language: Language | '';
}

function textsOf(draft: UploadDraft) {
  const title = draft.translatedTitle.trim();
  return {
    ...(draft.translationLanguage &&
      title && {
        translations: { [draft.translationLanguage]: { name: title } },
      }),
    ...(draft.language && { language: draft.language }),
  };
}

/** The file's name and size, checked as the contract checks them when the file is registered. */
const Upload = draftOf(
  RegisterDocumentRequest.pick({
    name: true,
    size: true,
    translations: true,
    language: true,
  }),
  (draft: UploadDraft) => ({
    name: draft.file?.name ?? '',
    size: draft.file?.size ?? 0,
    ...textsOf(draft),
  }),
);

export function DocumentsPage() {
  const { t } = useTranslation();
  const formatBytes = useFileSize();
  const at = useZonedTime();
  const { shortCode = '' } = useParams();
  const id = useId();
  const { data: documents, error, isPending } = useDocuments(shortCode);
  const upload = useUploadDocument(shortCode);
  const remove = useDeleteDocument(shortCode);
  const input = useRef<HTMLInputElement>(null);
  const nameOf = useLanguageName();
  const meeting = useMeeting(shortCode);
  const languages = meeting.data ? contentLanguages(meeting.data) : [];
  const [, other] = languages;
  const empty: UploadDraft = {
    translationLanguage: other ?? '',
    translatedTitle: '',
    language: '',
  };
  const { form, idOf, field, summary, summaryId } = useContractForm({
    schema: Upload,
    defaultValues: empty,
    labels: {
      name: t('documents.file'),
      size: t('documents.file'),
      translations: t('bilingual.fieldIn', {
        field: t('bilingual.documentTitle'),
        language: other ? nameOf(other) : '',
      }),
      language: t('bilingual.documentLanguage'),
    },
  });
  const file = form.watch('file');
  // said as soon as the file is picked, not only when it is sent
  const tooBig = file !== undefined && file.size > MAX_DOCUMENT_SIZE;

  const handleSubmit = form.handleSubmit(() => {
    const picked = form.getValues('file');
    if (!picked || tooBig) return;
    // the language the form was drawn for, should the meeting's have changed since
    const texts = textsOf({
      ...form.getValues(),
      translationLanguage: other ?? '',
    });
    upload.mutate(
      { file: picked, texts },
      {
        onSuccess: () => {
          form.reset(empty);
          if (input.current) input.current.value = '';
        },
      },
    );
  });

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
        {summary && !tooBig && <Alert id={summaryId}>{summary}</Alert>}
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
          <label htmlFor={idOf('file')}>{t('documents.file')}</label>
          <input
            ref={input}
            id={idOf('file')}
            type="file"
            aria-invalid={summary || tooBig ? true : undefined}
            aria-describedby={summary && !tooBig ? summaryId : undefined}
            onChange={(event) => {
              form.setValue('file', event.target.files?.[0]);
              form.clearErrors();
              upload.reset();
            }}
          />
        </div>
        {other && (
          <div className="form-grid">
            <div className="field">
              <label htmlFor={idOf('translatedTitle')}>
                {t('bilingual.fieldIn', {
                  field: t('bilingual.documentTitle'),
                  language: nameOf(other),
                })}
              </label>
              <input
                maxLength={255}
                lang={other}
                {...field('translatedTitle')}
              />
            </div>
            <div className="field">
              <label htmlFor={idOf('language')}>
                {t('bilingual.documentLanguage')}
              </label>
              <select {...field('language')}>
                <option value="">{t('bilingual.documentLanguageAll')}</option>
                {languages.map((language) => (
                  <option key={language} value={language}>
                    {t('bilingual.documentLanguageOnly', {
                      language: nameOf(language),
                    })}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
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
