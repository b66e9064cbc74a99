import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { RuleFields } from '../../results/components/RuleFields';
import type { MatterDraft } from '../utils/matter-draft';

export interface MatterFormProps {
  title: string;
  initial: MatterDraft;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** Validates and sends; returns a problem to show, or nothing. */
  onSubmit: (draft: MatterDraft) => string | undefined;
  onCancel?: () => void;
}

export function MatterForm({
  title,
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: MatterFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [invalid, setInvalid] = useState<string>();

  const text = (
    name: Exclude<
      keyof MatterDraft,
      | 'allowProxyVote'
      | 'secretBallot'
      | 'autoCloseWhenAllVoted'
      | 'openVerification'
      | 'threshold'
      | 'thresholdBasis'
      | 'thresholdBase'
    >,
  ) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setInvalid(onSubmit(draft));
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={error} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input required maxLength={500} {...text('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-header`}>Question shown to voters</label>
          <input maxLength={2000} {...text('header')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-options`}>Options (one a line)</label>
          <textarea rows={4} required {...text('options')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-snippet`}>More detail (optional)</label>
          <textarea rows={4} {...text('snippet')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-choices`}>Choices a voter may pick</label>
          <input type="number" min={1} max={50} required {...text('choices')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-eligibility`}>Who votes (member tags)</label>
          <input {...text('eligibility')} aria-describedby={`${id}-elig`} />
          <p className="hint" id={`${id}-elig`}>
            “all” for every eligible member, or tags separated by commas.
          </p>
        </div>
      </div>
      <div className="field checkbox">
        <input
          id={`${id}-proxy`}
          type="checkbox"
          checked={draft.allowProxyVote}
          onChange={(event) =>
            setDraft({ ...draft, allowProxyVote: event.target.checked })
          }
        />
        <label htmlFor={`${id}-proxy`}>Accept early (proxy) ballots</label>
      </div>
      <div className="field checkbox">
        <input
          id={`${id}-secret`}
          type="checkbox"
          checked={draft.secretBallot}
          aria-describedby={`${id}-secret-hint`}
          onChange={(event) =>
            setDraft({ ...draft, secretBallot: event.target.checked })
          }
        />
        <label htmlFor={`${id}-secret`}>Secret ballot</label>
        <p className="hint" id={`${id}-secret-hint`}>
          The chair and the screen see how many have voted while voting is open;
          the results per option appear when it closes.
        </p>
      </div>
      <div className="field checkbox">
        <input
          id={`${id}-all-voted`}
          type="checkbox"
          checked={draft.autoCloseWhenAllVoted}
          aria-describedby={`${id}-all-voted-hint`}
          onChange={(event) =>
            setDraft({ ...draft, autoCloseWhenAllVoted: event.target.checked })
          }
        />
        <label htmlFor={`${id}-all-voted`}>Close when all have voted</label>
        <p className="hint" id={`${id}-all-voted-hint`}>
          Voting closes as soon as every eligible member has voted, before its
          time runs out.
        </p>
      </div>
      <div className="field checkbox">
        <input
          id={`${id}-open-verification`}
          type="checkbox"
          checked={draft.openVerification}
          aria-describedby={`${id}-open-verification-hint`}
          onChange={(event) =>
            setDraft({ ...draft, openVerification: event.target.checked })
          }
        />
        <label htmlFor={`${id}-open-verification`}>
          Open verification: publish each receipt’s choices
        </label>
        <p className="hint" id={`${id}-open-verification-hint`}>
          After the close, the published count lists every counted receipt with
          its weight; with this on, also how it voted, so anyone can recount. A
          receipt then proves how its owner voted. It cannot be turned on once
          the matter holds ballots.
        </p>
      </div>
      <RuleFields
        rule={draft}
        onChange={(rule) => setDraft({ ...draft, ...rule })}
      />
      <div className="button-row">
        <button type="submit" className="primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
