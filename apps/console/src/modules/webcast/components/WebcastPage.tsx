import { fromZonedInput, knownZone, toZonedInput } from '@livevote/i18n';
import { useMeetingZone } from '../../../i18n/meeting-zone';
import { useNumber, useZonedTime } from '../../../i18n/use-language';
import {
  CAST_PROVIDERS,
  PutWebcastRequest,
  WEBCAST_ROOM_META_KEY,
  type CastProvider,
  type Webcast,
} from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useDescribeIssues } from '../../ui/hooks/useDescribeIssues';
import {
  useLaunchWebcast,
  usePutWebcast,
  useWebcast,
} from '../hooks/useWebcast';

/** Each provider's name. */
const PROVIDER_NAMES: Record<CastProvider, string> = {
  video: 'webcast.provider.webinar',
  'video-meeting': 'webcast.provider.meeting',
};

/** The meeting's webcast: set it up, its rehearsal, and the host's start link. */
export function WebcastPage() {
  const { shortCode = '' } = useParams();
  const webcast = useWebcast(shortCode);
  const zone = knownZone(useMeetingZone());
  return (
    <div className="stack">
      <ErrorMessage error={webcast.error} />
      {webcast.isPending ? (
        <Loading />
      ) : (
        webcast.data !== undefined && (
          <>
            <WebcastForm
              key={`${webcast.data?.updatedAt ?? 'new'} ${zone}`}
              shortCode={shortCode}
              webcast={webcast.data}
              zone={zone}
            />
            {webcast.data && (
              <LaunchPanel shortCode={shortCode} webcast={webcast.data} />
            )}
          </>
        )
      )}
    </div>
  );
}

function WebcastForm({
  shortCode,
  webcast,
  zone,
}: {
  shortCode: string;
  webcast: Webcast | null;
  /** The meeting's zone: the rehearsal is typed on its clock (docs/i18n.md). */
  zone: string;
}) {
  const { t } = useTranslation();
  const describeIssues = useDescribeIssues();
  const id = useId();
  const put = usePutWebcast(shortCode);
  const [provider, setProvider] = useState<CastProvider>(
    webcast?.castProvider ?? 'video',
  );
  const [rehearsal, setRehearsal] = useState(
    toZonedInput(webcast?.rehearsalAt, zone),
  );
  const [minutes, setMinutes] = useState(
    webcast?.rehearsalDuration ? String(webcast.rehearsalDuration) : '',
  );
  const [invalid, setInvalid] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // PUT replaces: keep what this form does not show
    const meta = Object.fromEntries(
      Object.entries(webcast?.meta ?? {}).filter(
        ([name]) => name !== WEBCAST_ROOM_META_KEY,
      ),
    );
    const parsed = PutWebcastRequest.safeParse({
      castProvider: provider,
      rehearsalAt: rehearsal ? fromZonedInput(rehearsal, zone) : null,
      rehearsalTimezone: rehearsal ? zone : null,
      rehearsalDuration: minutes ? Number(minutes) : null,
      recordingsAt: webcast?.recordingsAt ?? null,
      reportsAt: webcast?.reportsAt ?? null,
      meta,
    });
    if (!parsed.success)
      return setInvalid(
        describeIssues(parsed.error, {
          castProvider: t('webcast.kind'),
          rehearsalAt: t('webcast.rehearsal', { zone }),
          rehearsalTimezone: t('webcast.rehearsal', { zone }),
          rehearsalDuration: t('webcast.minutes'),
        }),
      );
    setInvalid(undefined);
    put.mutate(parsed.data);
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h3 id={`${id}-title`}>{t('webcast.title')}</h3>
      {!webcast && <p className="hint">{t('webcast.none')}</p>}
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={put.error} />
      {put.isSuccess && <Alert tone="success">{t('webcast.saved')}</Alert>}
      <fieldset className="field">
        <legend>{t('webcast.kind')}</legend>
        {CAST_PROVIDERS.map((value) => (
          <div className="field checkbox" key={value}>
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-provider`}
              value={value}
              checked={provider === value}
              onChange={() => setProvider(value)}
            />
            <label htmlFor={`${id}-${value}`}>{t(PROVIDER_NAMES[value])}</label>
          </div>
        ))}
      </fieldset>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-rehearsal`}>
            {t('webcast.rehearsal', { zone })}
          </label>
          <input
            id={`${id}-rehearsal`}
            type="datetime-local"
            value={rehearsal}
            onChange={(event) => setRehearsal(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-minutes`}>{t('webcast.minutes')}</label>
          <input
            id={`${id}-minutes`}
            type="number"
            min={1}
            max={1440}
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="primary" disabled={put.isPending}>
        {put.isPending
          ? t('common.saving')
          : webcast
            ? t('webcast.save')
            : t('webcast.setUp')}
      </button>
    </form>
  );
}

function LaunchPanel({
  shortCode,
  webcast,
}: {
  shortCode: string;
  webcast: Webcast;
}) {
  const { t } = useTranslation();
  const number = useNumber();
  const id = useId();
  const launch = useLaunchWebcast(shortCode);
  const at = useZonedTime(webcast.rehearsalTimezone);
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('webcast.start')}</h3>
      <p data-webcast-status={webcast.status}>
        {webcast.status === 'started'
          ? t('webcast.started')
          : t('webcast.notStarted')}
        {webcast.rehearsalAt &&
          ` ${t('webcast.rehearsalAt', { at: at(webcast.rehearsalAt) })}`}
      </p>
      <ErrorMessage error={launch.error} />
      {launch.data ? (
        <div className="stack-small">
          {launch.data.capacityWarning && (
            <Alert tone="info">
              {t('webcast.capacity', {
                webinar: number(launch.data.webinarCapacity),
                meeting: number(launch.data.meetingCapacity),
              })}
            </Alert>
          )}
          <p>
            <a
              className="button primary"
              href={launch.data.startUrl}
              target="_blank"
              rel="noreferrer"
            >
              {t('webcast.openRoom')}
            </a>
          </p>
        </div>
      ) : (
        <button
          type="button"
          className="primary"
          disabled={launch.isPending}
          onClick={() => launch.mutate()}
        >
          {launch.isPending ? t('webcast.starting') : t('webcast.getLink')}
        </button>
      )}
    </section>
  );
}
