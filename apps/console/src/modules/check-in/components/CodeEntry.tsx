import { CheckInRequest } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '../../ui/components/Alert';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';

const QrScanner = lazy(async () => ({
  default: (await import('./QrScanner')).QrScanner,
}));

export interface CodeEntryProps {
  /** Checks the code in; resolves true when it was taken (the box then empties). */
  onCode: (code: string) => Promise<boolean>;
  busy: boolean;
}

const EMPTY = { code: '' };

const ByCode = draftOf(CheckInRequest, (draft: typeof EMPTY) => ({
  code: draft.code.trim(),
}));

/** The voter's check-in code: typed from the invite or the phone, or scanned with the camera. */
export function CodeEntry({ onCode, busy }: CodeEntryProps) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  const labels = { code: t('checkIn.code.label') };
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: ByCode,
    defaultValues: EMPTY,
    labels,
  });

  const submit = form.handleSubmit(async ({ code }) => {
    if (code && (await onCode(code))) form.reset(EMPTY);
  });

  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h3 id={`${id}-title`}>{t('checkIn.code.byCode')}</h3>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <form
        className="inline-form"
        onSubmit={(event) => {
          // an empty box is a stray Enter at the desk: nothing to check, nothing to say
          if (form.getValues('code').trim()) void submit(event);
          else event.preventDefault();
        }}
      >
        <div className="field">
          <label htmlFor={idOf('code')}>{labels.code}</label>
          <input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            {...field('code')}
          />
        </div>
        <button type="submit" className="primary" disabled={busy}>
          {t('checkIn.checkIn')}
        </button>
        <button
          type="button"
          className="secondary"
          aria-pressed={scanning}
          onClick={() => setScanning(!scanning)}
        >
          {scanning ? t('checkIn.code.stopCamera') : t('checkIn.code.scan')}
        </button>
      </form>
      {scanning && (
        <Suspense
          fallback={<p className="hint">{t('checkIn.code.starting')}</p>}
        >
          <QrScanner onCode={(scanned) => void onCode(scanned)} />
        </Suspense>
      )}
    </section>
  );
}
