import type { LiveMatter } from '@livevote/contracts';
import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useMatterAction } from '../hooks/useMatterAction';
import { DurationPicker, validDuration } from './DurationPicker';

export interface MatterControlsProps {
  shortCode: string;
  matter: LiveMatter;
}

/** Start (with a duration), extend (+1, +5 min, custom) and stop (confirmed) one matter. */
export function MatterControls({ shortCode, matter }: MatterControlsProps) {
  const action = useMatterAction(shortCode, matter.matterKey);
  const [duration, setDuration] = useState(360);
  const [extendBy, setExtendBy] = useState(120);
  const [confirmingStop, setConfirmingStop] = useState(false);

  function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (validDuration(duration)) action.mutate({ action: 'start', duration });
  }

  function extendCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (validDuration(extendBy))
      action.mutate({ action: 'extend', duration: extendBy });
  }

  if (matter.liveStatus !== 'live') {
    return (
      <form className="controls" onSubmit={start} aria-label="Start voting">
        <ErrorMessage error={action.error} />
        <DurationPicker
          label="Voting time"
          seconds={duration}
          onChange={setDuration}
        />
        <button
          type="submit"
          className="primary big"
          disabled={action.isPending || !validDuration(duration)}
        >
          {matter.liveStatus === 'closed' ? 'Reopen voting' : 'Start voting'}
        </button>
      </form>
    );
  }

  return (
    <div className="controls">
      <ErrorMessage error={action.error} />
      <div className="button-row" role="group" aria-label="Extend voting">
        <button
          type="button"
          className="secondary"
          disabled={action.isPending}
          onClick={() => action.mutate({ action: 'extend', duration: 60 })}
        >
          +1 min
        </button>
        <button
          type="button"
          className="secondary"
          disabled={action.isPending}
          onClick={() => action.mutate({ action: 'extend', duration: 300 })}
        >
          +5 min
        </button>
      </div>
      <form className="inline-form" onSubmit={extendCustom}>
        <DurationPicker
          label="Extend by"
          seconds={extendBy}
          onChange={setExtendBy}
        />
        <button
          type="submit"
          className="secondary"
          disabled={action.isPending || !validDuration(extendBy)}
        >
          Extend
        </button>
      </form>
      {confirmingStop ? (
        <div className="confirm" role="alertdialog" aria-label="Stop voting?">
          <p>
            Stop voting on <strong>{matter.name}</strong> now? Voters can no
            longer vote or change their vote.
          </p>
          <div className="button-row">
            <button
              type="button"
              className="danger"
              autoFocus
              disabled={action.isPending}
              onClick={() =>
                action.mutate(
                  { action: 'stop' },
                  { onSettled: () => setConfirmingStop(false) },
                )
              }
            >
              Stop now
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => setConfirmingStop(false)}
            >
              Keep voting open
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="danger"
          onClick={() => setConfirmingStop(true)}
        >
          Stop voting…
        </button>
      )}
    </div>
  );
}
