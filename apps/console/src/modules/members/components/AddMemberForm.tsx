import { CreateMemberRequest, CreateVoterRequest } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import { useCreateMember } from '../hooks/useMembers';
import {
  VoterLanguageSelect,
  voterLanguageOf,
  type VoterLanguageDraft,
} from './VoterLanguageSelect';

const EMPTY = {
  member: { unit: '', shares: '1' },
  voter: {
    name: '',
    email: '',
    isTestVoter: false,
    language: '' as VoterLanguageDraft,
  },
};

/** A member, and its first voter when a name or an e-mail is given. */
const NewMember = draftOf(
  z.object({
    member: CreateMemberRequest,
    voter: CreateVoterRequest.optional(),
  }),
  ({ member, voter }: typeof EMPTY) => ({
    member: { unit: member.unit, shares: Number(member.shares) },
    voter:
      voter.name.trim() || voter.email.trim()
        ? {
            name: voter.name,
            email: voter.email.trim(),
            isTestVoter: voter.isTestVoter,
            // automatic unless chosen: the gateway's default, not an explicit null
            ...(voter.language && {
              language: voterLanguageOf(voter.language),
            }),
          }
        : undefined,
  }),
);

export function AddMemberForm({ shortCode }: { shortCode: string }) {
  const { t } = useTranslation();
  const create = useCreateMember(shortCode);
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: NewMember,
    defaultValues: EMPTY,
    labels: {
      'member.unit': t('members.table.unit'),
      'member.shares': t('members.table.shares'),
      'voter.name': t('members.add.voterName'),
      'voter.email': t('members.add.voterEmail'),
      'voter.isTestVoter': t('members.add.testVoter'),
      'voter.language': t('bilingual.voterLanguage'),
    },
  });

  const submit = form.handleSubmit((newMember) =>
    create.mutate(newMember, { onSuccess: () => form.reset(EMPTY) }),
  );

  return (
    <form className="panel" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>{t('members.add.title')}</h3>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <ErrorMessage error={create.error} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={idOf('member.unit')}>{t('members.table.unit')}</label>
          <input required maxLength={100} {...field('member.unit')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('member.shares')}>
            {t('members.table.shares')}
          </label>
          <input type="number" min={0} step="any" {...field('member.shares')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('voter.name')}>
            {t('members.add.voterName')}
          </label>
          <input maxLength={200} {...field('voter.name')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('voter.email')}>
            {t('members.add.voterEmail')}
          </label>
          <input type="email" {...field('voter.email')} />
        </div>
        <VoterLanguageSelect {...field('voter.language')} />
      </div>
      <div className="field checkbox">
        <input type="checkbox" {...field('voter.isTestVoter')} />
        <label htmlFor={idOf('voter.isTestVoter')}>
          {t('members.add.testVoter')}
        </label>
      </div>
      <button type="submit" className="primary" disabled={create.isPending}>
        {create.isPending ? t('members.add.adding') : t('members.add.submit')}
      </button>
    </form>
  );
}
