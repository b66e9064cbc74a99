import {
  UpdateMemberRequest,
  UpdateVoterRequest,
  type Member,
  type Voter,
} from '@livevote/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import { usePatchMember, usePatchVoter } from '../hooks/useMembers';
import {
  VoterLanguageSelect,
  voterLanguageOf,
  type VoterLanguageDraft,
} from './VoterLanguageSelect';

export interface EditMemberFormProps {
  shortCode: string;
  member: Member;
  onDone: () => void;
}

interface MemberDraft {
  unit: string;
  shares: string;
  eligible: boolean;
  controlNumber: string;
  /** Comma-separated. */
  tags: string;
}

const MemberChange = draftOf(UpdateMemberRequest, (draft: MemberDraft) => ({
  ...draft,
  shares: Number(draft.shares),
  tags: draft.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean),
}));

const VoterChange = draftOf(
  UpdateVoterRequest,
  (draft: {
    name: string;
    email: string;
    isTestVoter: boolean;
    language: VoterLanguageDraft;
  }) => ({
    name: draft.name,
    email: draft.email.trim(),
    isTestVoter: draft.isTestVoter,
    language: voterLanguageOf(draft.language),
  }),
);

/** Changes a member (unit, shares, eligibility, control number, tags) and its voters. */
export function EditMemberForm({
  shortCode,
  member,
  onDone,
}: EditMemberFormProps) {
  const { t } = useTranslation();
  const patch = usePatchMember(shortCode);
  const heading = useRef<HTMLHeadingElement>(null);
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: MemberChange,
    defaultValues: {
      unit: member.unit,
      shares: String(member.shares),
      eligible: member.eligible,
      controlNumber: member.controlNumber,
      tags: member.tags.join(', '),
    },
    labels: {
      unit: t('members.table.unit'),
      shares: t('members.table.shares'),
      eligible: t('members.edit.eligible'),
      controlNumber: t('members.table.controlNumber'),
      tags: t('members.edit.tags'),
    },
  });

  useEffect(() => heading.current?.focus(), []);

  const submit = form.handleSubmit((change) =>
    patch.mutate(
      { memberKey: member.key, member: change },
      { onSuccess: onDone },
    ),
  );

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} tabIndex={-1} ref={heading}>
        {t('members.table.editUnit', { unit: member.unit })}
      </h3>
      <form
        onSubmit={submit}
        aria-label={t('common.unitNamed', { unit: member.unit })}
      >
        {summary && <Alert id={summaryId}>{summary}</Alert>}
        <ErrorMessage error={patch.error} />
        <div className="form-grid">
          <div className="field">
            <label htmlFor={idOf('unit')}>{t('members.table.unit')}</label>
            <input required maxLength={100} {...field('unit')} />
          </div>
          <div className="field">
            <label htmlFor={idOf('shares')}>{t('members.table.shares')}</label>
            <input type="number" min={0} step="any" {...field('shares')} />
          </div>
          <div className="field">
            <label htmlFor={idOf('controlNumber')}>
              {t('members.table.controlNumber')}
            </label>
            <input required maxLength={64} {...field('controlNumber')} />
          </div>
          <div className="field">
            <label htmlFor={idOf('tags')}>{t('members.edit.tags')}</label>
            <input {...field('tags')} />
          </div>
          <div className="field checkbox">
            <input type="checkbox" {...field('eligible')} />
            <label htmlFor={idOf('eligible')}>
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
  const { t } = useTranslation();
  const patch = usePatchVoter(shortCode);
  const { form, idOf, field, summary, summaryId } = useContractForm({
    schema: VoterChange,
    defaultValues: {
      name: voter.name,
      email: voter.email,
      isTestVoter: voter.isTestVoter,
      // the meeting's primary unless chosen: left automatic here (docs/i18n.md)
      language: voter.languageChosen ? voter.language : '',
    },
    labels: {
      name: t('common.name'),
      email: t('common.email'),
      isTestVoter: t('members.edit.testVoter'),
      language: t('bilingual.voterLanguage'),
    },
  });

  const submit = form.handleSubmit((change) =>
    patch.mutate({
      memberKey: member.key,
      email: voter.email,
      voter: change,
    }),
  );

  return (
    <form
      className="voter-edit"
      onSubmit={submit}
      aria-label={t('members.edit.voter', { name: voter.name })}
    >
      <h4>{t('members.edit.voter', { name: voter.name })}</h4>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && (
        <Alert tone="success">{t('members.edit.voterSaved')}</Alert>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={idOf('name')}>{t('common.name')}</label>
          <input required maxLength={200} {...field('name')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('email')}>{t('common.email')}</label>
          <input type="email" required {...field('email')} />
        </div>
        <VoterLanguageSelect {...field('language')} />
      </div>
      <div className="field checkbox">
        <input type="checkbox" {...field('isTestVoter')} />
        <label htmlFor={idOf('isTestVoter')}>
          {t('members.edit.testVoter')}
        </label>
      </div>
      <button type="submit" className="secondary" disabled={patch.isPending}>
        {patch.isPending
          ? t('common.saving')
          : t('members.edit.saveVoter', { name: voter.name })}
      </button>
    </form>
  );
}
