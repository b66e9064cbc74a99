import {
  CreateMatterRequest,
  UpdateMatterRequest,
  type Matter,
} from '@livevote/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useNumber } from '../../../i18n/use-language';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useDescribeIssues } from '../../ui/hooks/useDescribeIssues';
import {
  useCreateMatter,
  useDeleteMatter,
  useMatters,
  useMoveMatter,
  usePatchMatter,
} from '../hooks/useMatters';
import {
  EMPTY_MATTER,
  draftOfMatter,
  matterFields,
  type MatterDraft,
} from '../utils/matter-draft';
import { MatterForm } from './MatterForm';

/** `choices` is 1..options.length, which one field's schema cannot check. */
function choicesProblem(
  t: TFunction,
  {
    choices,
    options,
  }: {
    choices?: number;
    options?: string[];
  },
): string | undefined {
  if (choices === undefined || options === undefined) return undefined;
  if (choices > options.length)
    return t('matters.tooManyChoices', { n: options.length });
}

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
  const describeIssues = useDescribeIssues();
  const number = useNumber();
  const { shortCode = '' } = useParams();
  const { data: matters, error, isPending } = useMatters(shortCode);
  const create = useCreateMatter(shortCode);
  const patch = usePatchMatter(shortCode);
  const remove = useDeleteMatter(shortCode);
  const move = useMoveMatter(shortCode);
  const [editing, setEditing] = useState<string>();
  const [createKey, setCreateKey] = useState(0);

  const matterLabels = {
    name: t('matters.form.name'),
    options: t('matters.form.options'),
    header: t('matters.form.header'),
    snippet: t('matters.form.snippet'),
    choices: t('matters.form.choices'),
    eligibility: t('matters.form.eligibility'),
  };

  function submitNew(draft: MatterDraft): string | undefined {
    const parsed = CreateMatterRequest.safeParse(matterFields(draft));
    if (!parsed.success) return describeIssues(parsed.error, matterLabels);
    const tooMany = choicesProblem(t, parsed.data);
    if (tooMany) return tooMany;
    create.mutate(parsed.data, { onSuccess: () => setCreateKey((k) => k + 1) });
  }

  function submitEdit(key: string, draft: MatterDraft): string | undefined {
    const parsed = UpdateMatterRequest.safeParse(matterFields(draft));
    if (!parsed.success) return describeIssues(parsed.error, matterLabels);
    const tooMany = choicesProblem(t, parsed.data);
    if (tooMany) return tooMany;
    patch.mutate(
      { key, body: parsed.data },
      { onSuccess: () => setEditing(undefined) },
    );
  }

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
                    initial={draftOfMatter(matter)}
                    submitLabel={t('matters.save')}
                    pending={patch.isPending}
                    error={patch.error}
                    onSubmit={(draft) => submitEdit(matter.key, draft)}
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
        key={createKey}
        title={t('matters.newTitle')}
        initial={EMPTY_MATTER}
        submitLabel={t('matters.add')}
        pending={create.isPending}
        error={create.error}
        onSubmit={submitNew}
      />
    </div>
  );
}
