import {
  PatchMeetingSettingsRequest,
  type MeetingSettings,
  type QuorumBasis,
} from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { usePatchMeetingSettings } from '../../meetings/hooks/useMeetings';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';

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

type Draft = Record<Flag, boolean> & {
  quorumBasis: QuorumBasis;
  /** Empty: no percentage quorum. */
  quorumPercent: string;
};

const ResultSettingsChange = draftOf(
  PatchMeetingSettingsRequest,
  ({ quorumPercent, ...draft }: Draft) => ({
    ...draft,
    quorumPercent: quorumPercent.trim() === '' ? null : Number(quorumPercent),
  }),
);

/** Quorum, starting and publishing results (docs/verdicts.md). */
export function ResultSettingsForm({
  shortCode,
  settings,
}: {
  shortCode: string;
  settings: MeetingSettings;
}) {
  const { t } = useTranslation();
  const patch = usePatchMeetingSettings(shortCode);
  const { form, id, idOf, field, summary, summaryId } = useContractForm({
    schema: ResultSettingsChange,
    defaultValues: {
      quorumBasis: settings.quorumBasis,
      quorumPercent:
        settings.quorumPercent === null ? '' : String(settings.quorumPercent),
      quorumIncludesProxies: settings.quorumIncludesProxies,
      requireQuorumToStart: settings.requireQuorumToStart,
      requireSignOff: settings.requireSignOff,
      oneLiveMatter: settings.oneLiveMatter,
    },
    labels: {
      quorumBasis: t('resultSettings.basis'),
      quorumPercent: t('resultSettings.percent'),
    },
  });

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit((change) => patch.mutate(change))}
    >
      <h3 id={`${id}-title`}>{t('resultSettings.title')}</h3>
      {summary && <Alert id={summaryId}>{summary}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && (
        <Alert tone="success">{t('resultSettings.saved')}</Alert>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={idOf('quorumBasis')}>
            {t('resultSettings.basis')}
          </label>
          <select {...field('quorumBasis')}>
            <option value="units">{t('resultSettings.basisUnits')}</option>
            <option value="shares">{t('resultSettings.basisShares')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={idOf('quorumPercent')}>
            {t('resultSettings.percent')}
          </label>
          <input
            type="number"
            min={0}
            max={100}
            step="any"
            {...field('quorumPercent', { describedBy: `${id}-percent-hint` })}
          />
          <p className="hint" id={`${id}-percent-hint`}>
            {t('resultSettings.percentHint')}
          </p>
        </div>
      </div>
      {FLAGS.map((name) => (
        <div className="field checkbox" key={name}>
          <input type="checkbox" {...field(name)} />
          <label htmlFor={idOf(name)}>{t(`resultSettings.flag.${name}`)}</label>
        </div>
      ))}
      <button type="submit" className="primary" disabled={patch.isPending}>
        {patch.isPending ? t('common.saving') : t('resultSettings.save')}
      </button>
    </form>
  );
}
