import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';

const QrScanner = lazy(async () => ({
  default: (await import('./QrScanner')).QrScanner,
}));

export interface CodeEntryProps {
  /** Checks the code in; resolves true when it was taken (the box then empties). */
  onCode: (code: string) => Promise<boolean>;
  busy: boolean;
}

/** The voter's check-in code: typed from the invite or the phone, or scanned with the camera. */
export function CodeEntry({ onCode, busy }: CodeEntryProps) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() && (await onCode(code.trim()))) setCode('');
  };

  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h3 id={`${id}-title`}>{t('checkIn.code.byCode')}</h3>
      <form className="inline-form" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={id}>{t('checkIn.code.label')}</label>
          <input
            id={id}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            onChange={(event) => setCode(event.target.value)}
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
