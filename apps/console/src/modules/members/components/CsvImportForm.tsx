import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useImportMembers } from '../hooks/useMembers';
import { importLineErrors } from '../utils/import-errors';

const EXAMPLE = `unit,shares,controlNumber,tags,voterName,voterEmail,language
101,1,,owners,Ana Silva,ana@example.org,en
102,2.5,,owners;board,Ben Okafor,ben@example.org,fr`;

export function CsvImportForm({ shortCode }: { shortCode: string }) {
  const id = useId();
  const { t } = useTranslation();
  const number = useNumber();
  const importer = useImportMembers(shortCode);
  // the file is the body, sent raw: the gateway checks it line by line
  const form = useForm<{ file: FileList | null }>({
    defaultValues: { file: null },
  });
  const file = form.watch('file')?.[0];
  const lineErrors = importLineErrors(importer.error);

  const run = (dryRun: boolean) =>
    form.handleSubmit(async ({ file: files }) => {
      const chosen = files?.[0];
      if (chosen) importer.mutate({ csv: await chosen.text(), dryRun });
    });

  const result = importer.data;
  const counts = (done: { members: number; voters: number }) => ({
    members: t('members.member', {
      count: done.members,
      n: number(done.members),
    }),
    voters: t('members.import.voter', {
      count: done.voters,
      n: number(done.voters),
    }),
  });
  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void run(false)(event)}
    >
      <h3 id={`${id}-title`}>{t('members.import.title')}</h3>
      <p className="hint" id={`${id}-hint`}>
        <Trans i18nKey="members.import.hint" components={{ c: <code /> }} />
      </p>
      <details>
        <summary>{t('members.import.example')}</summary>
        <pre>{EXAMPLE}</pre>
      </details>
      <div className="field">
        <label htmlFor={`${id}-file`}>{t('members.import.file')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={`${id}-hint`}
          {...form.register('file', { onChange: () => importer.reset() })}
        />
      </div>
      {lineErrors.length > 0 ? (
        <div className="alert alert-danger" role="alert">
          <p>
            {t('members.import.refused', {
              count: lineErrors.length,
              n: number(lineErrors.length),
            })}
          </p>
          <ul aria-label={t('members.import.problems')}>
            {lineErrors.map((problem, index) => (
              <li key={`${problem.line}-${index}`}>
                {t('members.import.line', {
                  line: problem.line,
                  message: problem.message,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <ErrorMessage error={importer.error} />
      )}
      {result && (
        <Alert tone="success">
          {result.dryRun
            ? t('members.import.wouldImport', counts(result))
            : t('members.import.imported', counts(result))}
        </Alert>
      )}
      <div className="button-row">
        <button
          type="button"
          className="secondary"
          disabled={!file || importer.isPending}
          onClick={() => void run(true)()}
        >
          {t('members.import.check')}
        </button>
        <button
          type="submit"
          className="primary"
          disabled={!file || importer.isPending}
        >
          {importer.isPending
            ? t('members.import.importing')
            : t('members.import.submit')}
        </button>
      </div>
    </form>
  );
}
