import { useZonedTime } from '../../../i18n/use-language';
import { formatReceipt, normalizeReceipt } from '@livevote/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { usePublishedCount } from '../hooks/usePublishedCount';
import { PublishedCountTable } from './PublishedCountTable';

/** A closed matter's published count for chairs and scrutineers (docs/verifiability.md). */
export function PublishedCountPage() {
  const at = useZonedTime();
  const { shortCode = '', matterKey = '' } = useParams();
  const count = usePublishedCount(shortCode, matterKey);
  const [code, setCode] = useState('');
  const wanted = normalizeReceipt(code);
  return (
    <section className="panel" aria-labelledby="published-title">
      <p>
        <Link to={`/meetings/${shortCode}/live`}>Back to the control room</Link>
      </p>
      <h2 id="published-title">
        Published count{count.data ? `: ${count.data.name}` : ''}
      </h2>
      {count.isPending && <Loading />}
      <ErrorMessage error={count.error} />
      {count.data && (
        <>
          <p className="hint">
            {count.data.publishedAt
              ? `Published ${at(count.data.publishedAt)}: owners can find their receipts in it.`
              : 'Not published yet: owners see it once a scrutineer signs the result off.'}{' '}
            Anyone with this list can recount the verdict
            {count.data.openVerification
              ? ' option by option.'
              : ' turnout (the choices are not listed: open verification is off).'}
          </p>
          <label>
            Find a receipt
            <input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
            />
          </label>
          {wanted && (
            <p role="status">
              {count.data.receipts.some((row) => row.receipt === wanted)
                ? `${formatReceipt(wanted)} is counted.`
                : `${formatReceipt(wanted)} is not in the count.`}
            </p>
          )}
          <PublishedCountTable count={count.data} highlight={wanted} />
        </>
      )}
    </section>
  );
}
