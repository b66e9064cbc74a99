import {
  UpdateMemberRequest,
  UpdateVoterRequest,
  type Member,
  type Voter,
} from '@livevote/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useDescribeIssues } from '../../ui/hooks/useDescribeIssues';
import { usePatchMember, usePatchVoter } from '../hooks/useMembers';

export interface EditMemberFormProps {
  shortCode: string;
  member: Member;
  onDone: () => void;
}

/** Changes a member (unit, shares, eligibility, control number, tags) and its voters. */
export function EditMemberForm({
  shortCode,
  member,
  onDone,
}: EditMemberFormProps) {
  const id = useId();
  const { t } = useTranslation();
  const describeIssues = useDescribeIssues();
  const patch = usePatchMember(shortCode);
  const heading = useRef<HTMLHeadingElement>(null);
  const [draft, setDraft] = useState({
    unit: member.unit,
    shares: String(member.shares),
    eligible: member.eligible,
    controlNumber: member.controlNumber,
    tags: member.tags.join(', '),
  });
  const [invalid, setInvalid] = useState<string>();

  useEffect(() => heading.current?.focus(), []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UpdateMemberRequest.safeParse({
      unit: draft.unit,
      shares: Number(draft.shares),
      eligible: draft.eligible,
      controlNumber: draft.controlNumber,
      tags: draft.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    });
    if (!parsed.success)
      return setInvalid(
        describeIssues(parsed.error, {
          unit: t('members.table.unit'),
          shares: t('members.table.shares'),
          eligible: t('members.edit.eligible'),
          controlNumber: t('members.table.controlNumber'),
          tags: t('members.edit.tags'),
        }),
      );
    setInvalid(undefined);
    patch.mutate(
      { memberKey: member.key, member: parsed.data },
      { onSuccess: onDone },
    );
  }

  const text = (name: 'unit' | 'shares' | 'controlNumber' | 'tags') => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} tabIndex={-1} ref={heading}>
        {t('members.table.editUnit', { unit: member.unit })}
      </h3>
      <form
        onSubmit={handleSubmit}
        aria-label={t('common.unitNamed', { unit: member.unit })}
      >
        {invalid && <Alert>{invalid}</Alert>}
        <ErrorMessage error={patch.error} />
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${id}-unit`}>{t('members.table.unit')}</label>
            <input required maxLength={100} {...text('unit')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-shares`}>{t('members.table.shares')}</label>
            <input type="number" min={0} step="any" {...text('shares')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-controlNumber`}>
              {t('members.table.controlNumber')}
            </label>
            <input required maxLength={64} {...text('controlNumber')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-tags`}>{t('members.edit.tags')}</label>
            <input {...text('tags')} />
          </div>
          <div className="field checkbox">
            <input
              id={`${id}-eligible`}
              type="checkbox"
              checked={draft.eligible}
              onChange={(event) =>
                setDraft({ ...draft, eligible: event.target.checked })
              }
            />
            <label htmlFor={`${id}-eligible`}>
              {t('members.edit.eligible')}
            </label>
          </div>
        </div>
        <div className="button-row">
          <button type="submit" className="primary" disabled={patch.isPending}>
            {patch.isPending ? t('common.saving') : t('members.edit.save')}
          </button>
          <button type="button" className="secondary" onClick={onDone}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
      {member.voters.map((voter) => (
        <EditVoterForm
          key={voter.voterKey}
          shortCode={shortCode}
          member={member}
          voter={voter}
        />
      ))}
    </section>
  );
}

function EditVoterForm({
  shortCode,
  member,
  voter,
}: {
  shortCode: string;
  member: Member;
  voter: Voter;
}) {
  const id = useId();
  const { t } = useTranslation();
  const describeIssues = useDescribeIssues();
  const patch = usePatchVoter(shortCode);
  const [name, setName] = useState(voter.name);
  const [email, setEmail] = useState(voter.email);
  const [invalid, setInvalid] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UpdateVoterRequest.safeParse({
      name,
      email: email.trim(),
    });
    if (!parsed.success)
      return setInvalid(
        describeIssues(parsed.error, {
          name: t('common.name'),
          email: t('common.email'),
        }),
      );
    setInvalid(undefined);
    patch.mutate({
      memberKey: member.key,
      email: voter.email,
      voter: parsed.data,
    });
  }

  return (
    <form
      className="voter-edit"
      onSubmit={handleSubmit}
      aria-label={t('members.edit.voter', { name: voter.name })}
    >
      <h4>{t('members.edit.voter', { name: voter.name })}</h4>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && (
        <Alert tone="success">{t('members.edit.voterSaved')}</Alert>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('common.name')}</label>
          <input
            id={`${id}-name`}
            required
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('common.email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="secondary" disabled={patch.isPending}>
        {patch.isPending
          ? t('common.saving')
          : t('members.edit.saveVoter', { name: voter.name })}
      </button>
    </form>
  );
}
