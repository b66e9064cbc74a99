import type { Matter } from '@livevote/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { contentLanguages } from '../../../i18n/content-language';
import { useNumber } from '../../../i18n/use-language';
import { useMeeting } from '../../meetings/hooks/useMeetings';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import {
  useCreateMatter,
  useDeleteMatter,
  useMatters,
  useMoveMatter,
  usePatchMatter,
} from '../hooks/useMatters';
import {
  draftOfMatter,
  emptyMatter,
  matterChange,
  newMatter,
} from '../utils/matter-draft';
import { MatterForm } from './MatterForm';

/** "up to 2 choices · secret ballot": what a matter's row says of it. */
function matterTraits(t: TFunction, matter: Matter, n: string): string {
  return [
    t('matters.upTo', { count: matter.choices, n }),
    ...(matter.allowProxyVote ? [] : [t('matters.noProxy')]),
    matter.secretBallot ? t('matters.secret') : t('matters.open'),
  ].join(' · ');
}

export function MattersPage() {
  const { t } = useTranslation();
  const number = useNumber();
  const { shortCode = '' } = useParams();
  const { data: matters, error, isPending } = useMatters(shortCode);
  const meeting = useMeeting(shortCode);
  const languages = meeting.data
    ? contentLanguages(meeting.data)
    : ['en' as const];
  const create = useCreateMatter(shortCode);
  const patch = usePatchMatter(shortCode);
  const remove = useDeleteMatter(shortCode);
  const move = useMoveMatter(shortCode);
  const [editing, setEditing] = useState<string>();
  const [createKey, setCreateKey] = useState(0);

  return (
    <div className="stack">
      <section className="panel" aria-labelledby="matters-title">
        <h3 id="matters-title">{t('matters.title')}</h3>
        <ErrorMessage error={error ?? move.error ?? remove.error} />
        {isPending && <Loading />}
        {matters && matters.length === 0 && <p>{t('matters.none')}</p>}
        {matters && matters.length > 0 && (
          <ol className="matter-list" aria-label={t('room.matters')}>
            {matters.map((matter, index) =>
              editing === matter.key ? (
                <li key={matter.key}>
                  <MatterForm
                    title={t('matters.editTitle', { name: matter.name })}
                    initial={draftOfMatter(matter, languages)}
                    languages={languages}
                    schema={matterChange}
                    submitLabel={t('matters.save')}
                    pending={patch.isPending}
                    error={patch.error}
                    onSubmit={(body) =>
                      patch.mutate(
                        { key: matter.key, body },
                        { onSuccess: () => setEditing(undefined) },
                      )
                    }
                    onCancel={() => setEditing(undefined)}
                  />
                </li>
              ) : (
                <li key={matter.key} className="matter-row">
                  <div>
                    <strong>{matter.name}</strong>{' '}
                    <span className={`badge badge-${matter.liveStatus}`}>
                      {t(`matters.status.${matter.liveStatus}`)}
                    </span>
                    <p className="muted small">
                      {matter.options.join(' · ')} —{' '}
                      {matterTraits(t, matter, number(matter.choices))}
                    </p>
                  </div>
                  <div className="button-row compact">
                    <button
                      type="button"
                      className="secondary"
                      disabled={index === 0 || move.isPending}
                      aria-label={t('matters.upLabel', { name: matter.name })}
                      onClick={() => move.mutate({ matters, index, by: -1 })}
                    >
                      {t('matters.up')}
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      disabled={index === matters.length - 1 || move.isPending}
                      aria-label={t('matters.downLabel', { name: matter.name })}
                      onClick={() => move.mutate({ matters, index, by: 1 })}
                    >
                      {t('matters.down')}
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={t('matters.editLabel', { name: matter.name })}
                      onClick={() => {
                        patch.reset();
                        setEditing(matter.key);
                      }}
                    >
                      {t('matters.edit')}
                    </button>
                    <button
                      type="button"
                      className="secondary danger"
                      disabled={remove.isPending}
                      aria-label={t('matters.deleteLabel', {
                        name: matter.name,
                      })}
                      onClick={() => {
                        if (
                          window.confirm(
                            t('matters.confirmDelete', { name: matter.name }),
                          )
                        )
                          remove.mutate(matter.key);
                      }}
                    >
                      {t('matters.delete')}
                    </button>
                  </div>
                </li>
              ),
            )}
          </ol>
        )}
      </section>
      <MatterForm
        key={`${createKey}:${languages.join()}`}
        title={t('matters.newTitle')}
        initial={emptyMatter(languages)}
        languages={languages}
        schema={newMatter}
        submitLabel={t('matters.add')}
        pending={create.isPending}
        error={create.error}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: () => setCreateKey((key) => key + 1),
          })
        }
      />
    </div>
  );
}
