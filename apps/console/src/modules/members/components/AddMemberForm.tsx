import { CreateMemberRequest, CreateVoterRequest } from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useDescribeIssues } from '../../ui/hooks/useDescribeIssues';
import { useCreateMember } from '../hooks/useMembers';

const EMPTY = { unit: '', shares: '1', voterName: '', voterEmail: '' };

export function AddMemberForm({ shortCode }: { shortCode: string }) {
  const id = useId();
  const { t } = useTranslation();
  const describeIssues = useDescribeIssues();
  const create = useCreateMember(shortCode);
  const [draft, setDraft] = useState(EMPTY);
  const [invalid, setInvalid] = useState<string>();

  const field = (name: keyof typeof EMPTY) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const member = CreateMemberRequest.safeParse({
      unit: draft.unit,
      shares: Number(draft.shares),
    });
    const wantsVoter = draft.voterName.trim() || draft.voterEmail.trim();
    const voter = wantsVoter
      ? CreateVoterRequest.safeParse({
          name: draft.voterName,
          email: draft.voterEmail.trim(),
        })
      : undefined;
    if (!member.success)
      return setInvalid(
        describeIssues(member.error, {
          unit: t('members.table.unit'),
          shares: t('members.table.shares'),
        }),
      );
    if (voter && !voter.success)
      return setInvalid(
        describeIssues(voter.error, {
          name: t('members.add.voterName'),
          email: t('members.add.voterEmail'),
        }),
      );
    setInvalid(undefined);
    create.mutate(
      { member: member.data, voter: voter?.data },
      { onSuccess: () => setDraft(EMPTY) },
    );
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h3 id={`${id}-title`}>{t('members.add.title')}</h3>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={create.error} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-unit`}>{t('members.table.unit')}</label>
          <input required maxLength={100} {...field('unit')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-shares`}>{t('members.table.shares')}</label>
          <input type="number" min={0} step="any" {...field('shares')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-voterName`}>
            {t('members.add.voterName')}
          </label>
          <input maxLength={200} {...field('voterName')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-voterEmail`}>
            {t('members.add.voterEmail')}
          </label>
          <input type="email" {...field('voterEmail')} />
        </div>
      </div>
      <button type="submit" className="primary" disabled={create.isPending}>
        {create.isPending ? t('members.add.adding') : t('members.add.submit')}
      </button>
    </form>
  );
}
