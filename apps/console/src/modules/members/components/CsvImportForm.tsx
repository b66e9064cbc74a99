import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useImportMembers } from '../hooks/useMembers';
import { importLineErrors } from '../utils/import-errors';

const EXAMPLE = `unit,shares,controlNumber,tags,voterName,voterEmail
101,1,,owners,Ana Silva,ana@example.org
102,2.5,,owners;board,Ben Okafor,ben@example.org`;

export function CsvImportForm({ shortCode }: { shortCode: string }) {
  const id = useId();
  const importer = useImportMembers(shortCode);
  const [file, setFile] = useState<File>();
  const lineErrors = importLineErrors(importer.error);

  async function run(dryRun: boolean) {
    if (!file) return;
    importer.mutate({ csv: await file.text(), dryRun });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(false);
  }

  const result = importer.data;
  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h3 id={`${id}-title`}>Import from a CSV file</h3>
      <p className="hint" id={`${id}-hint`}>
        A header row (<code>unit</code> required; <code>shares</code>,{' '}
        <code>eligible</code>, <code>controlNumber</code>, <code>tags</code>{' '}
        separated by “;”, the <code>mail…</code> fields, <code>voterName</code>,{' '}
        <code>voterEmail</code>), then one row per voter. All or nothing:
        nothing is saved when a line is wrong.
      </p>
      <details>
        <summary>Example</summary>
        <pre>{EXAMPLE}</pre>
      </details>
      <div className="field">
        <label htmlFor={`${id}-file`}>CSV file</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            importer.reset();
          }}
        />
      </div>
      {lineErrors.length > 0 ? (
        <div className="alert alert-danger" role="alert">
          <p>
            Nothing was imported: {lineErrors.length}{' '}
            {lineErrors.length === 1 ? 'line needs' : 'lines need'} fixing.
          </p>
          <ul aria-label="Problems in the file">
            {lineErrors.map((problem, index) => (
              <li key={`${problem.line}-${index}`}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <ErrorMessage error={importer.error} />
      )}
      {result && (
        <Alert tone="success">
          {result.dryRun ? 'The file is fine: it would import' : 'Imported'}{' '}
          {result.members} {result.members === 1 ? 'member' : 'members'} and{' '}
          {result.voters} {result.voters === 1 ? 'voter' : 'voters'}.
        </Alert>
      )}
      <div className="button-row">
        <button
          type="button"
          className="secondary"
          disabled={!file || importer.isPending}
          onClick={() => void run(true)}
        >
          Check the file
        </button>
        <button
          type="submit"
          className="primary"
          disabled={!file || importer.isPending}
        >
          {importer.isPending ? 'Importing…' : 'Import'}
        </button>
      </div>
    </form>
  );
}
