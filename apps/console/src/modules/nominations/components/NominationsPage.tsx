import {
  NOMINATION_STATUSES,
  type NominationStatus,
} from '@livevote/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useZonedTime } from '../../../i18n/use-language';
import { useMeeting } from '../../meetings/hooks/useMeetings';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useNominations } from '../hooks/useNominations';
import { ElectionFromNominations } from './ElectionFromNominations';
import { NominationItem } from './NominationItem';

/** Meeting set-up: the nominations members sent, their review, and the election built from them. */
export function NominationsPage() {
  const { t } = useTranslation();
  const { shortCode = '' } = useParams();
  const id = useId();
  const at = useZonedTime();
  const [status, setStatus] = useState<NominationStatus | ''>('submitted');
  const meeting = useMeeting(shortCode);
  const nominations = useNominations(shortCode, status || undefined);
  const accepted = useNominations(shortCode, 'accepted');
  const deadline = meeting.data?.nominationExpiryDate ?? null;
  const closed = deadline !== null && Date.parse(deadline) <= Date.now();

  return (
    <div className="stack">
      <section className="panel" aria-labelledby={`${id}-list`}>
        <div className="panel-head">
          <h3 id={`${id}-list`}>{t('nominations.title')}</h3>
          <div className="filters">
            <div className="field">
              <label htmlFor={`${id}-status`}>{t('nominations.filter')}</label>
              <select
                id={`${id}-status`}
                value={status}
                onChange={(event) =>
                  setStatus(event.target.value as NominationStatus | '')
                }
              >
                <option value="">{t('nominations.all')}</option>
                {NOMINATION_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`nominations.status.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        {meeting.data && (
          <p className="hint">
            {deadline === null
              ? t('nominations.deadline.unset')
              : closed
                ? t('nominations.deadline.closed', { when: at(deadline) })
                : t('nominations.deadline.open', { when: at(deadline) })}
          </p>
        )}
        <ErrorMessage error={nominations.error ?? meeting.error} />
        {nominations.isPending && <Loading />}
        {nominations.data?.length === 0 && (
          <p className="muted">{t('nominations.none')}</p>
        )}
        {nominations.data && nominations.data.length > 0 && (
          <ul className="question-list" aria-label={t('nominations.list')}>
            {nominations.data.map((nomination) => (
              <NominationItem
                key={nomination.key}
                shortCode={shortCode}
                nomination={nomination}
              />
            ))}
          </ul>
        )}
      </section>
      {meeting.data && accepted.data && (
        <ElectionFromNominations
          shortCode={shortCode}
          closed={closed}
          accepted={accepted.data.length}
        />
      )}
    </div>
  );
}
