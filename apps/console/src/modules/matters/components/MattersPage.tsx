import {
  CreateMatterRequest,
  UpdateMatterRequest,
  type Matter,
} from '@livevote/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { describeIssues } from '../../ui/utils/validation';
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

const STATUS_NAMES: Record<Matter['liveStatus'], string> = {
  pending: 'Not started',
  live: 'Live',
  closed: 'Closed',
};

/** `choices` is 1..options.length, which one field's schema cannot check. */
function choicesProblem({
  choices,
  options,
}: {
  choices?: number;
  options?: string[];
}): string | undefined {
  if (choices === undefined || options === undefined) return undefined;
  if (choices > options.length)
    return `choices: at most ${options.length}, the number of options.`;
}

export function MattersPage() {
  const { shortCode = '' } = useParams();
  const { data: matters, error, isPending } = useMatters(shortCode);
  const create = useCreateMatter(shortCode);
  const patch = usePatchMatter(shortCode);
  const remove = useDeleteMatter(shortCode);
  const move = useMoveMatter(shortCode);
  const [editing, setEditing] = useState<string>();
  const [createKey, setCreateKey] = useState(0);

  function submitNew(draft: MatterDraft): string | undefined {
    const parsed = CreateMatterRequest.safeParse(matterFields(draft));
    if (!parsed.success) return describeIssues(parsed.error);
    const tooMany = choicesProblem(parsed.data);
    if (tooMany) return tooMany;
    create.mutate(parsed.data, { onSuccess: () => setCreateKey((k) => k + 1) });
  }

  function submitEdit(key: string, draft: MatterDraft): string | undefined {
    const parsed = UpdateMatterRequest.safeParse(matterFields(draft));
    if (!parsed.success) return describeIssues(parsed.error);
    const tooMany = choicesProblem(parsed.data);
    if (tooMany) return tooMany;
    patch.mutate(
      { key, body: parsed.data },
      { onSuccess: () => setEditing(undefined) },
    );
  }

  return (
    <div className="stack">
      <section className="panel" aria-labelledby="matters-title">
        <h3 id="matters-title">Matters, in the order they are voted</h3>
        <ErrorMessage error={error ?? move.error ?? remove.error} />
        {isPending && <Loading />}
        {matters && matters.length === 0 && <p>No matters yet.</p>}
        {matters && matters.length > 0 && (
          <ol className="matter-list" aria-label="Matters">
            {matters.map((matter, index) =>
              editing === matter.key ? (
                <li key={matter.key}>
                  <MatterForm
                    title={`Edit “${matter.name}”`}
                    initial={draftOfMatter(matter)}
                    submitLabel="Save matter"
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
                      {STATUS_NAMES[matter.liveStatus]}
                    </span>
                    <p className="muted small">
                      {matter.options.join(' · ')} — up to {matter.choices}{' '}
                      {matter.choices === 1 ? 'choice' : 'choices'}
                      {matter.allowProxyVote ? '' : ' · no proxy ballots'}
                      {matter.secretBallot
                        ? ' · secret ballot'
                        : ' · open ballot'}
                    </p>
                  </div>
                  <div className="button-row compact">
                    <button
                      type="button"
                      className="secondary"
                      disabled={index === 0 || move.isPending}
                      onClick={() => move.mutate({ matters, index, by: -1 })}
                    >
                      Up<span className="sr-only"> {matter.name}</span>
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      disabled={index === matters.length - 1 || move.isPending}
                      onClick={() => move.mutate({ matters, index, by: 1 })}
                    >
                      Down<span className="sr-only"> {matter.name}</span>
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => {
                        patch.reset();
                        setEditing(matter.key);
                      }}
                    >
                      Edit<span className="sr-only"> {matter.name}</span>
                    </button>
                    <button
                      type="button"
                      className="secondary danger"
                      disabled={remove.isPending}
                      onClick={() => {
                        if (
                          window.confirm(`Delete the matter “${matter.name}”?`)
                        )
                          remove.mutate(matter.key);
                      }}
                    >
                      Delete<span className="sr-only"> {matter.name}</span>
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
        title="New matter"
        initial={EMPTY_MATTER}
        submitLabel="Add matter"
        pending={create.isPending}
        error={create.error}
        onSubmit={submitNew}
      />
    </div>
  );
}
