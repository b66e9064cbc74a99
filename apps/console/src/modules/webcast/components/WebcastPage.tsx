import { useZonedTime } from '../../../i18n/use-language';
import {
  CAST_PROVIDERS,
  PutWebcastRequest,
  WEBCAST_ROOM_META_KEY,
  type CastProvider,
  type Webcast,
} from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { describeIssues } from '../../ui/utils/validation';
import {
  useLaunchWebcast,
  usePutWebcast,
  useWebcast,
} from '../hooks/useWebcast';

const PROVIDER_NAMES: Record<CastProvider, string> = {
  video: 'Webinar: the board speaks, members watch',
  'video-meeting': 'Meeting: everyone may speak',
};

/** The meeting's webcast: set it up, its rehearsal, and the host's start link. */
export function WebcastPage() {
  const { shortCode = '' } = useParams();
  const webcast = useWebcast(shortCode);
  return (
    <div className="stack">
      <ErrorMessage error={webcast.error} />
      {webcast.isPending ? (
        <Loading />
      ) : (
        webcast.data !== undefined && (
          <>
            <WebcastForm
              key={webcast.data?.updatedAt ?? 'new'}
              shortCode={shortCode}
              webcast={webcast.data}
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

/** A date-time input's value (this browser's time) from an instant, and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offsetMs = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offsetMs).toISOString().slice(0, 16);
}

function WebcastForm({
  shortCode,
  webcast,
}: {
  shortCode: string;
  webcast: Webcast | null;
}) {
  const id = useId();
  const put = usePutWebcast(shortCode);
  const [provider, setProvider] = useState<CastProvider>(
    webcast?.castProvider ?? 'video',
  );
  const [rehearsal, setRehearsal] = useState(
    toLocalInput(webcast?.rehearsalAt ?? null),
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
      rehearsalAt: rehearsal ? new Date(rehearsal).toISOString() : null,
      rehearsalTimezone: rehearsal
        ? Intl.DateTimeFormat().resolvedOptions().timeZone
        : null,
      rehearsalDuration: minutes ? Number(minutes) : null,
      recordingsAt: webcast?.recordingsAt ?? null,
      reportsAt: webcast?.reportsAt ?? null,
      meta,
    });
    if (!parsed.success) return setInvalid(describeIssues(parsed.error));
    setInvalid(undefined);
    put.mutate(parsed.data);
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h3 id={`${id}-title`}>Webcast</h3>
      {!webcast && (
        <p className="hint">
          No webcast yet. Choose its kind to set one up for this meeting.
        </p>
      )}
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={put.error} />
      {put.isSuccess && <Alert tone="success">Webcast saved.</Alert>}
      <fieldset className="field">
        <legend>Kind of webcast</legend>
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
            <label htmlFor={`${id}-${value}`}>{PROVIDER_NAMES[value]}</label>
          </div>
        ))}
      </fieldset>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-rehearsal`}>
            Rehearsal (your time, optional)
          </label>
          <input
            id={`${id}-rehearsal`}
            type="datetime-local"
            value={rehearsal}
            onChange={(event) => setRehearsal(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-minutes`}>Rehearsal length (minutes)</label>
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
          ? 'Saving…'
          : webcast
            ? 'Save webcast'
            : 'Set up the webcast'}
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
  const id = useId();
  const launch = useLaunchWebcast(shortCode);
  const at = useZonedTime(webcast.rehearsalTimezone);
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Start the webcast</h3>
      <p data-webcast-status={webcast.status}>
        {webcast.status === 'started' ? 'Started.' : 'Not started yet.'}
        {webcast.rehearsalAt && ` Rehearsal ${at(webcast.rehearsalAt)}.`}
      </p>
      <ErrorMessage error={launch.error} />
      {launch.data ? (
        <div className="stack-small">
          {launch.data.capacityWarning && (
            <Alert tone="info">
              More members may join than the room holds (
              {launch.data.webinarCapacity} in a webinar,{' '}
              {launch.data.meetingCapacity} in a meeting).
            </Alert>
          )}
          <p>
            <a
              className="button primary"
              href={launch.data.startUrl}
              target="_blank"
              rel="noreferrer"
            >
              Open the host&rsquo;s room (new tab)
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
          {launch.isPending ? 'Starting…' : 'Get the host’s start link'}
        </button>
      )}
    </section>
  );
}
