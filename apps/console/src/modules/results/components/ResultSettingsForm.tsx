import {
  PatchMeetingSettingsRequest,
  type MeetingSettings,
  type QuorumBasis,
} from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatchMeetingSettings } from '../../meetings/hooks/useMeetings';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useDescribeIssues } from '../../ui/hooks/useDescribeIssues';

type Flag =
  | 'quorumIncludesProxies'
  | 'requireQuorumToStart'
  | 'requireSignOff'
  | 'oneLiveMatter';

const FLAGS: Flag[] = [
  'quorumIncludesProxies',
  'requireQuorumToStart',
  'requireSignOff',
  'oneLiveMatter',
];

/** Quorum, starting and publishing results (docs/verdicts.md). */
export function ResultSettingsForm({
  shortCode,
  settings,
}: {
  shortCode: string;
  settings: MeetingSettings;
}) {
  const { t } = useTranslation();
  const describeIssues = useDescribeIssues();
  const id = useId();
  const patch = usePatchMeetingSettings(shortCode);
  const [basis, setBasis] = useState<QuorumBasis>(settings.quorumBasis);
  const [percent, setPercent] = useState(
    settings.quorumPercent === null ? '' : String(settings.quorumPercent),
  );
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    quorumIncludesProxies: settings.quorumIncludesProxies,
    requireQuorumToStart: settings.requireQuorumToStart,
    requireSignOff: settings.requireSignOff,
    oneLiveMatter: settings.oneLiveMatter,
  });
  const [invalid, setInvalid] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PatchMeetingSettingsRequest.safeParse({
      quorumBasis: basis,
      quorumPercent: percent.trim() === '' ? null : Number(percent),
      ...flags,
    });
    if (!parsed.success)
      return setInvalid(
        describeIssues(parsed.error, {
          quorumBasis: t('resultSettings.basis'),
          quorumPercent: t('resultSettings.percent'),
        }),
      );
    setInvalid(undefined);
    patch.mutate(parsed.data);
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h3 id={`${id}-title`}>{t('resultSettings.title')}</h3>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && (
        <Alert tone="success">{t('resultSettings.saved')}</Alert>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-basis`}>{t('resultSettings.basis')}</label>
          <select
            id={`${id}-basis`}
            value={basis}
            onChange={(event) => setBasis(event.target.value as QuorumBasis)}
          >
            <option value="units">{t('resultSettings.basisUnits')}</option>
            <option value="shares">{t('resultSettings.basisShares')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-percent`}>{t('resultSettings.percent')}</label>
          <input
            id={`${id}-percent`}
            type="number"
            min={0}
            max={100}
            step="any"
            value={percent}
            aria-describedby={`${id}-percent-hint`}
            onChange={(event) => setPercent(event.target.value)}
          />
          <p className="hint" id={`${id}-percent-hint`}>
            {t('resultSettings.percentHint')}
          </p>
        </div>
      </div>
      {FLAGS.map((name) => (
        <div className="field checkbox" key={name}>
          <input
            id={`${id}-${name}`}
            type="checkbox"
            checked={flags[name]}
            onChange={(event) =>
              setFlags({ ...flags, [name]: event.target.checked })
            }
          />
          <label htmlFor={`${id}-${name}`}>
            {t(`resultSettings.flag.${name}`)}
          </label>
        </div>
      ))}
      <button type="submit" className="primary" disabled={patch.isPending}>
        {patch.isPending ? t('common.saving') : t('resultSettings.save')}
      </button>
    </form>
  );
}
