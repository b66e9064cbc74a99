import type { LiveMatter } from '@livevote/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/http-client';
import { Confirm } from '../../ui/components/Confirm';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useChosenDuration } from '../hooks/useChosenDuration';
import { useMatterAction } from '../hooks/useMatterAction';
import { DurationPicker, validDuration } from './DurationPicker';

export interface MatterControlsProps {
  shortCode: string;
  matter: LiveMatter;
}

const quorumRefused = (error: unknown) =>
  error instanceof ApiError && error.code === 'quorum_not_met';

/**
 * Start (with a duration), extend (+1, +5 min, custom) and stop one matter. Stopping,
 * reopening a closed matter and starting without quorum each ask first, the safe choice
 * focused (docs/verdicts.md, "Starting a vote").
 */
export function MatterControls({ shortCode, matter }: MatterControlsProps) {
  const action = useMatterAction(shortCode, matter.matterKey);
  const [duration, setDuration] = useChosenDuration(shortCode);
  const [extendBy, setExtendBy] = useState(120);
  const [confirming, setConfirming] = useState<'stop' | 'reopen'>();

  const startNow = (overrideQuorum?: true) =>
    action.mutate(
      { action: 'start', duration, ...(overrideQuorum && { overrideQuorum }) },
      { onSuccess: () => setConfirming(undefined) },
    );

  function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!validDuration(duration)) return;
    if (matter.liveStatus === 'closed') setConfirming('reopen');
    else startNow();
  }

  function extendCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (validDuration(extendBy))
      action.mutate({ action: 'extend', duration: extendBy });
  }

  if (matter.liveStatus !== 'live') {
    if (quorumRefused(action.error))
      return (
        <Confirm
          label="Start without quorum?"
          cancelLabel="Do not start"
          confirmLabel="Start without quorum"
          danger
          pending={action.isPending}
          onCancel={() => action.reset()}
          onConfirm={() => startNow(true)}
        >
          <p>{(action.error as ApiError).message}</p>
          <p>
            Starting <strong>{matter.name}</strong> anyway is recorded in the
            results report with your name.
          </p>
        </Confirm>
      );
    if (confirming === 'reopen')
      return (
        <Confirm
          label="Reopen voting?"
          cancelLabel="Keep it closed"
          confirmLabel="Reopen voting"
          danger
          pending={action.isPending}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => startNow()}
        >
          <p>
            Reopen voting on <strong>{matter.name}</strong>? Its result is
            withdrawn (and any sign-off with it) until it closes again; ballots
            already cast stay.
          </p>
          <ErrorMessage error={action.error} />
        </Confirm>
      );
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
          {matter.liveStatus === 'closed' ? 'Reopen voting…' : 'Start voting'}
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
      {confirming === 'stop' ? (
        <Confirm
          label="Stop voting?"
          cancelLabel="Keep voting open"
          confirmLabel="Stop now"
          danger
          pending={action.isPending}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() =>
            action.mutate(
              { action: 'stop' },
              { onSettled: () => setConfirming(undefined) },
            )
          }
        >
          <p>
            Stop voting on <strong>{matter.name}</strong> now? Voters can no
            longer vote or change their vote.
          </p>
        </Confirm>
      ) : (
        <button
          type="button"
          className="danger"
          onClick={() => setConfirming('stop')}
        >
          Stop voting…
        </button>
      )}
    </div>
  );
}
