import { useZonedTime } from '../../../i18n/use-language';
import { formatReceipt, normalizeReceipt } from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { MeetingZone } from '../../../i18n/meeting-zone';
import { useMeeting } from '../../meetings/hooks/useMeetings';
import { usePublishedCount } from '../hooks/usePublishedCount';
import { PublishedCountTable } from './PublishedCountTable';

/** A closed matter's published count for chairs and scrutineers (docs/verifiability.md). */
export function PublishedCountPage() {
  const { shortCode = '' } = useParams();
  const meeting = useMeeting(shortCode);
  // outside the meeting's layout: its times on the meeting's clock all the same (docs/i18n.md)
  return (
    <MeetingZone timeZone={meeting.data?.meetingTimezone}>
      <PublishedCount />
    </MeetingZone>
  );
}

function PublishedCount() {
  const { t } = useTranslation();
  const at = useZonedTime();
  const { shortCode = '', matterKey = '' } = useParams();
  const count = usePublishedCount(shortCode, matterKey);
  const [code, setCode] = useState('');
  const wanted = normalizeReceipt(code);
  return (
    <section className="panel" aria-labelledby="published-title">
      <p>
        <Link to={`/meetings/${shortCode}/live`}>{t('published.back')}</Link>
      </p>
      <h2 id="published-title">
        {count.data
          ? t('published.titleOf', { name: count.data.name })
          : t('published.title')}
      </h2>
      {count.isPending && <Loading />}
      <ErrorMessage error={count.error} />
      {count.data && (
        <>
          <p className="hint">
            {count.data.publishedAt
              ? t('published.publishedAt', {
                  at: at(count.data.publishedAt),
                })
              : t('published.notYet')}{' '}
            {count.data.openVerification
              ? t('published.recountOpen')
              : t('published.recountTurnout')}
          </p>
          <label>
            {t('published.find')}
            <input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
            />
          </label>
          {wanted && (
            <p role="status">
              {count.data.receipts.some((row) => row.receipt === wanted)
                ? t('published.counted', { code: formatReceipt(wanted) })
                : t('published.notCounted', { code: formatReceipt(wanted) })}
            </p>
          )}
          <PublishedCountTable count={count.data} highlight={wanted} />
        </>
      )}
    </section>
  );
}
