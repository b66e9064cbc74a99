import { PatchMeetingRequest, type Meeting } from '@livevote/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { describeIssues } from '../../ui/utils/validation';
import { fromLocalInput, toLocalInput } from '../../ui/utils/format';
import { usePatchMeeting } from '../hooks/useMeetings';

interface Draft {
  name: string;
  description: string;
  location: string;
  meetingDate: string;
  expiryDate: string;
  duration: string;
  quorumMinimum: string;
  meetingTimezone: string;
}

function draftOf(meeting: Meeting): Draft {
  return {
    name: meeting.name,
    description: meeting.description,
    location: meeting.location,
    meetingDate: toLocalInput(meeting.meetingDate),
    expiryDate: toLocalInput(meeting.expiryDate),
    duration: String(meeting.duration),
    quorumMinimum: String(meeting.quorumMinimum),
    meetingTimezone: meeting.meetingTimezone,
  };
}

/** Meeting details, edited from what was loaded first. */
export function MeetingDetailsForm({ meeting }: { meeting: Meeting }) {
  const id = useId();
  const patch = usePatchMeeting(meeting.shortCode);
  const [draft, setDraft] = useState(() => draftOf(meeting));
  const [invalid, setInvalid] = useState<string>();

  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PatchMeetingRequest.safeParse({
      name: draft.name,
      description: draft.description,
      location: draft.location,
      meetingDate: fromLocalInput(draft.meetingDate) ?? undefined,
      expiryDate: fromLocalInput(draft.expiryDate),
      duration: Number(draft.duration),
      quorumMinimum: Number(draft.quorumMinimum),
      meetingTimezone: draft.meetingTimezone,
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
      <h3 id={`${id}-title`}>Meeting details</h3>
      {invalid && <Alert>{invalid}</Alert>}
      <ErrorMessage error={patch.error} />
      {patch.isSuccess && <Alert tone="success">Details saved.</Alert>}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input required maxLength={200} {...field('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-location`}>Location</label>
          <input maxLength={500} {...field('location')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-meetingDate`}>
            Date and time (your time zone)
          </label>
          <input type="datetime-local" required {...field('meetingDate')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-expiryDate`}>
            Early voting closes (your time zone)
          </label>
          <input type="datetime-local" {...field('expiryDate')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-duration`}>Duration (minutes)</label>
          <input
            type="number"
            min={1}
            max={10080}
            required
            {...field('duration')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-quorumMinimum`}>Quorum (units)</label>
          <input type="number" min={0} step="any" {...field('quorumMinimum')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-meetingTimezone`}>Time zone</label>
          <input {...field('meetingTimezone')} aria-describedby={`${id}-tz`} />
          <p className="hint" id={`${id}-tz`}>
            An IANA name such as America/Toronto.
          </p>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea rows={3} maxLength={10000} {...field('description')} />
      </div>
      <button type="submit" className="primary" disabled={patch.isPending}>
        {patch.isPending ? 'Saving…' : 'Save details'}
      </button>
    </form>
  );
}
