import {
  PatchMeetingSettingsRequest,
  type MeetingSettings,
  type QuorumBasis,
} from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { usePatchMeetingSettings } from '../../meetings/hooks/useMeetings';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { describeIssues } from '../../ui/utils/validation';

type Flag =
  | 'quorumIncludesProxies'
  | 'requireQuorumToStart'
  | 'requireSignOff'
  | 'oneLiveMatter';

const FLAGS: { name: Flag; label: string }[] = [
  {
    name: 'quorumIncludesProxies',
    label: 'Members represented by proxy count toward quorum',
  },
  {
    name: 'requireQuorumToStart',
    label: 'Refuse to start a vote without quorum (the chair can override)',
  },
  {
    name: 'requireSignOff',
    label: 'Publish results only after a scrutineer signs them off',
  },
  { name: 'oneLiveMatter', label: 'One vote open at a time' },
];

/** Quorum, starting and publishing results (docs/verdicts.md). */
export function ResultSettingsForm({
  shortCode,
  settings,
}: {
  shortCode: string;
  settings: MeetingSettings;
}) {
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
    if (!parsed.success) return setInvalid(describeIssues(parsed.error));
    setInvalid(undefined);
    patch.mutate(parsed.data);
  }

  return (
    <form
      className="panel"
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit}
    >
      <h3 id={`${id}-title`}>Quorum and results</h3>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && <Alert tone="success">Settings saved.</Alert>}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-basis`}>Quorum counted by</label>
          <select
            id={`${id}-basis`}
            value={basis}
            onChange={(event) => setBasis(event.target.value as QuorumBasis)}
          >
            <option value="units">Units (members)</option>
            <option value="shares">Shares</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-percent`}>
            Quorum as a percentage of eligible members
          </label>
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
            Empty: the meeting’s quorum minimum counts instead.
          </p>
        </div>
      </div>
      {FLAGS.map(({ name, label }) => (
        <div className="field checkbox" key={name}>
          <input
            id={`${id}-${name}`}
            type="checkbox"
            checked={flags[name]}
            onChange={(event) =>
              setFlags({ ...flags, [name]: event.target.checked })
            }
          />
          <label htmlFor={`${id}-${name}`}>{label}</label>
        </div>
      ))}
      <button type="submit" className="primary" disabled={patch.isPending}>
        {patch.isPending ? 'Saving…' : 'Save quorum and results'}
      </button>
    </form>
  );
}
