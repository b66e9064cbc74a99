import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAllMembers } from '../../live/hooks/useAllMembers';
import { useMatters } from '../../matters/hooks/useMatters';
import { BallotForm } from '../../portal/components/BallotForm';
import { newIdempotencyKey } from '../../portal/utils/idempotency-key';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { usePaperBallot } from '../hooks/usePaperBallot';
import { marksText } from '../utils/marks-words';

/**
 * Paper ballots handed in by owners who vote by post or at the door, entered one at a time.
 * They count like early ballots and never replace what a member or its holder cast itself
 * (docs/proxies.md, "Precedence"): the gateway then answers ballot_locked.
 */
export function PaperBallotsPage() {
  const { t } = useTranslation();
  const { shortCode = '' } = useParams();
  const id = useId();
  const matters = useMatters(shortCode);
  const members = useAllMembers(shortCode);
  const record = usePaperBallot(shortCode);
  const [matterKey, setMatterKey] = useState('');
  const [memberKey, setMemberKey] = useState('');
  const [entry, setEntry] = useState(0);

  const open = (matters.data ?? []).filter(
    (matter) => matter.allowProxyVote && matter.liveStatus !== 'closed',
  );
  const matter = open.find((m) => m.key === matterKey);
  const member = members.data?.find((m) => m.key === memberKey);
  const recorded = record.isSuccess ? record.variables : undefined;

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('paperBallots.title')}</h3>
      <p className="hint">{t('paperBallots.hint')}</p>
      <ErrorMessage error={matters.error ?? members.error} />
      {(matters.isPending || members.isPending) && <Loading />}
      {recorded && (
        <Alert tone="success">
          {t('paperBallots.recorded', {
            unit: members.data?.find((m) => m.key === recorded.memberKey)?.unit,
            choices: recorded.text,
          })}
        </Alert>
      )}
      <ErrorMessage error={record.error} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-matter`}>{t('common.matter')}</label>
          <select
            id={`${id}-matter`}
            value={matterKey}
            onChange={(event) => {
              record.reset();
              setMatterKey(event.target.value);
            }}
          >
            <option value="">{t('paperBallots.chooseMatter')}</option>
            {open.map((m) => (
              <option key={m.key} value={m.key}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-member`}>{t('common.unit')}</label>
          <select
            id={`${id}-member`}
            value={memberKey}
            onChange={(event) => {
              record.reset();
              setMemberKey(event.target.value);
            }}
          >
            <option value="">{t('paperBallots.chooseUnit')}</option>
            {(members.data ?? []).map((m) => (
              <option key={m.key} value={m.key}>
                {m.voters[0]
                  ? t('paperBallots.unitOption', {
                      unit: m.unit,
                      name: m.voters[0].name,
                    })
                  : m.unit}
              </option>
            ))}
          </select>
        </div>
      </div>
      {matter && member && (
        <BallotForm
          key={`${matter.key}:${member.key}:${entry}`}
          question={t('paperBallots.question', {
            question: matter.header || matter.name,
            unit: member.unit,
          })}
          matter={matter}
          submitLabel={t('paperBallots.record')}
          onSubmit={(body, marks) =>
            record.mutate(
              {
                matterKey: matter.key,
                memberKey: member.key,
                body,
                text: marksText(t, matter.votingMethod, marks),
                idempotencyKey: newIdempotencyKey(),
              },
              {
                onSuccess: () => {
                  setMemberKey('');
                  setEntry((n) => n + 1);
                },
              },
            )
          }
        />
      )}
    </section>
  );
}
