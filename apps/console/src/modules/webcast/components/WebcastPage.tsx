import { fromZonedInput, knownZone, toZonedInput } from '@livevote/i18n';
import { useMeetingZone } from '../../../i18n/meeting-zone';
import { useNumber, useZonedTime } from '../../../i18n/use-language';
import {
  CAST_PROVIDERS,
  PutWebcastRequest,
  WEBCAST_REHEARSAL_META_KEY,
  WEBCAST_ROOM_META_KEY,
  type CastProvider,
  type Webcast,
} from '@livevote/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import {
  useLaunchWebcast,
  usePutWebcast,
  useWebcast,
} from '../hooks/useWebcast';

/** What the gateway keeps in `meta` itself: never sent back. */
const PROVIDER_META_KEYS = new Set([
  WEBCAST_ROOM_META_KEY,
  WEBCAST_REHEARSAL_META_KEY,
]);

/** The room as the gateway describes it in `meta.room` (docs/webcast.md). */
interface RoomMeta {
  provider?: string;
  kind?: 'webinar' | 'meeting';
  id?: number;
}

function roomOf(webcast: Webcast): RoomMeta {
  const room = webcast.meta[WEBCAST_ROOM_META_KEY];
  return room && typeof room === 'object' ? (room as RoomMeta) : {};
}

/** Each provider's name. */
const PROVIDER_NAMES: Record<CastProvider, string> = {
  video: 'webcast.provider.webinar',
  'video-meeting': 'webcast.provider.meeting',
};

const STATUS_TEXT: Record<Webcast['status'], string> = {
  'not-started': 'webcast.notStarted',
  started: 'webcast.started',
  ended: 'webcast.ended',
};

interface WebcastDraft {
  castProvider: CastProvider;
  /** Wall-clock time on the meeting's clock; empty: no rehearsal. */
  rehearsalAt: string;
  rehearsalDuration: string;
}

/** The draft as `PUT .../webcast`; PUT replaces, so what this form does not show is kept. */
function webcastSetUp(webcast: Webcast | null, zone: string) {
  const meta = Object.fromEntries(
    Object.entries(webcast?.meta ?? {}).filter(
      ([name]) => !PROVIDER_META_KEYS.has(name),
    ),
  );
  return draftOf(PutWebcastRequest, (draft: WebcastDraft) => ({
    castProvider: draft.castProvider,
    rehearsalAt: draft.rehearsalAt
      ? fromZonedInput(draft.rehearsalAt, zone)
      : null,
    rehearsalTimezone: draft.rehearsalAt ? zone : null,
    rehearsalDuration: draft.rehearsalDuration
      ? Number(draft.rehearsalDuration)
      : null,
    recordingsAt: webcast?.recordingsAt ?? null,
    reportsAt: webcast?.reportsAt ?? null,
    meta,
  }));
}

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
              // what the form shows: a status the provider moved keeps a draft
              key={[
                webcast.data?.key ?? 'new',
                webcast.data?.castProvider,
                webcast.data?.rehearsalAt,
                webcast.data?.rehearsalDuration,
                webcast.data?.castId,
                zone,
              ].join(' ')}
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
  const put = usePutWebcast(shortCode);
  const schema = useMemo(() => webcastSetUp(webcast, zone), [webcast, zone]);
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema,
    defaultValues: {
      castProvider: webcast?.castProvider ?? 'video',
      rehearsalAt: toZonedInput(webcast?.rehearsalAt, zone),
      rehearsalDuration: webcast?.rehearsalDuration
        ? String(webcast.rehearsalDuration)
        : '',
    },
    labels: {
      castProvider: t('webcast.kind'),
      rehearsalAt: t('webcast.rehearsal', { zone }),
      rehearsalTimezone: t('webcast.rehearsal', { zone }),
      rehearsalDuration: t('webcast.minutes'),
    },
  });

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit((request) => put.mutate(request))}
    >
      <h3 id={`${id}-title`}>{t('webcast.title')}</h3>
      {!webcast && <p className="hint">{t('webcast.none')}</p>}
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <ErrorMessage error={put.error} />
      {put.isSuccess && <Alert tone="success">{t('webcast.saved')}</Alert>}
      <fieldset className="field">
        <legend>{t('webcast.kind')}</legend>
        {CAST_PROVIDERS.map((value) => (
          <div className="field checkbox" key={value}>
            <input
              id={`${id}-${value}`}
              type="radio"
              value={value}
              {...form.register('castProvider')}
            />
            <label htmlFor={`${id}-${value}`}>{t(PROVIDER_NAMES[value])}</label>
          </div>
        ))}
        {webcast && roomOf(webcast).provider === 'zoom' && (
          <p className="hint">{t('webcast.kindChange')}</p>
        )}
      </fieldset>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={idOf('rehearsalAt')}>
            {t('webcast.rehearsal', { zone })}
          </label>
          <input type="datetime-local" {...field('rehearsalAt')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('rehearsalDuration')}>
            {t('webcast.minutes')}
          </label>
          <input
            type="number"
            min={1}
            max={1440}
            {...field('rehearsalDuration')}
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
  const when = useZonedTime();
  const room = roomOf(webcast);
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('webcast.start')}</h3>
      <p data-webcast-status={webcast.status}>
        {t(STATUS_TEXT[webcast.status])}
        {webcast.rehearsalAt &&
          ` ${t('webcast.rehearsalAt', { at: at(webcast.rehearsalAt) })}`}
        {webcast.recordingsAt &&
          ` ${t('webcast.recordingsAt', { at: when(webcast.recordingsAt) })}`}
      </p>
      {room.provider === 'zoom' && room.kind ? (
        <p className="hint">
          {t(`webcast.room.zoom_${room.kind}`, { id: room.id })}
        </p>
      ) : room.provider === 'jitsi' ? (
        <p className="hint">{t('webcast.room.jitsi')}</p>
      ) : null}
      <ErrorMessage error={launch.error} />
      {launch.data ? (
        <div className="stack-small">
          <p>
            {t('webcast.capacities', {
              meeting: number(launch.data.meetingCapacity),
              webinar: number(launch.data.webinarCapacity),
            })}
          </p>
          {launch.data.isInUse && (
            <Alert tone="info">{t('webcast.inUse')}</Alert>
          )}
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
