import { MatterActionRequest, type LiveMatter } from '@livevote/contracts';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http-client';
import { Alert } from '../../ui/components/Alert';
import { Confirm } from '../../ui/components/Confirm';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { draftOf, useContractForm } from '../../ui/hooks/useContractForm';
import { useChosenDuration } from '../hooks/useChosenDuration';
import { useMatterAction } from '../hooks/useMatterAction';
import { DurationPicker, validDuration } from './DurationPicker';

export interface MatterControlsProps {
  shortCode: string;
  matter: LiveMatter;
}

/** A duration as the picker holds it (NaN while custom seconds are being typed). */
interface DurationDraft {
  duration: number;
}

const StartDraft = draftOf(MatterActionRequest, (draft: DurationDraft) => ({
  action: 'start' as const,
  duration: draft.duration,
}));
const ExtendDraft = draftOf(MatterActionRequest, (draft: DurationDraft) => ({
  action: 'extend' as const,
  duration: draft.duration,
}));

const quorumRefused = (error: unknown) =>
  error instanceof ApiError && error.code === 'quorum_not_met';

/**
 * Start (with a duration), extend (+1, +5 min, custom) and stop one matter. Stopping,
 * reopening a closed matter and starting without quorum each ask first, the safe choice
 * focused (docs/verdicts.md, "Starting a vote").
 */
export function MatterControls({ shortCode, matter }: MatterControlsProps) {
  const { t } = useTranslation();
  const action = useMatterAction(shortCode, matter.matterKey);
  const [duration, setDuration] = useChosenDuration(shortCode);
  const [confirming, setConfirming] = useState<'stop' | 'reopen'>();
  const starting = useContractForm({
    schema: StartDraft,
    defaultValues: { duration },
    labels: { duration: t('room.controls.votingTime') },
  });
  const extending = useContractForm({
    schema: ExtendDraft,
    defaultValues: { duration: 120 },
    labels: { duration: t('room.controls.extendBy') },
  });
  const extendBy = extending.form.watch('duration');
  // the chosen voting time outlives the controls (useChosenDuration); the form checks it
  const chooseDuration = (seconds: number) => {
    setDuration(seconds);
    starting.form.setValue('duration', seconds);
  };

  const startNow = (overrideQuorum?: true) =>
    action.mutate(
      { action: 'start', duration, ...(overrideQuorum && { overrideQuorum }) },
      { onSuccess: () => setConfirming(undefined) },
    );

  const start = starting.form.handleSubmit(() => {
    if (matter.liveStatus === 'closed') setConfirming('reopen');
    else startNow();
  });

  const extendCustom = extending.form.handleSubmit((request) =>
    action.mutate(request),
  );

  if (matter.liveStatus !== 'live') {
    if (quorumRefused(action.error))
      return (
        <Confirm
          label={t('room.controls.noQuorumTitle')}
          cancelLabel={t('room.controls.noQuorumCancel')}
          confirmLabel={t('room.controls.noQuorumConfirm')}
          danger
          pending={action.isPending}
          onCancel={() => action.reset()}
          onConfirm={() => startNow(true)}
        >
          <p>{(action.error as ApiError).message}</p>
          <p>
            <Trans
              i18nKey="room.controls.noQuorumBody"
              values={{ name: matter.name }}
              components={{ strong: <strong /> }}
            />
          </p>
        </Confirm>
      );
    if (confirming === 'reopen')
      return (
        <Confirm
          label={t('room.controls.reopenTitle')}
          cancelLabel={t('room.controls.reopenCancel')}
          confirmLabel={t('room.controls.reopenConfirm')}
          danger
          pending={action.isPending}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => startNow()}
        >
          <p>
            <Trans
              i18nKey="room.controls.reopenBody"
              values={{ name: matter.name }}
              components={{ strong: <strong /> }}
            />
          </p>
          <ErrorMessage error={action.error} />
        </Confirm>
      );
    return (
      <form
        className="controls"
        onSubmit={start}
        aria-label={t('room.controls.start')}
      >
        <ErrorMessage error={action.error} />
        {starting.summary && (
          <Alert id={starting.summaryId}>{starting.summary}</Alert>
        )}
        <DurationPicker
          label={t('room.controls.votingTime')}
          seconds={duration}
          onChange={chooseDuration}
        />
        <button
          type="submit"
          className="primary big"
          disabled={action.isPending || !validDuration(duration)}
        >
          {matter.liveStatus === 'closed'
            ? t('room.controls.reopen')
            : t('room.controls.start')}
        </button>
      </form>
    );
  }

  return (
    <div className="controls">
      <ErrorMessage error={action.error} />
      <div
        className="button-row"
        role="group"
        aria-label={t('room.controls.extendVoting')}
      >
        <button
          type="button"
          className="secondary"
          disabled={action.isPending}
          onClick={() => action.mutate({ action: 'extend', duration: 60 })}
        >
          {t('room.controls.plusMinutes', { n: 1 })}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={action.isPending}
          onClick={() => action.mutate({ action: 'extend', duration: 300 })}
        >
          {t('room.controls.plusMinutes', { n: 5 })}
        </button>
      </div>
      <form className="inline-form" onSubmit={extendCustom}>
        {extending.summary && (
          <Alert id={extending.summaryId}>{extending.summary}</Alert>
        )}
        <DurationPicker
          label={t('room.controls.extendBy')}
          seconds={extendBy}
          onChange={(seconds) => extending.form.setValue('duration', seconds)}
        />
        <button
          type="submit"
          className="secondary"
          disabled={action.isPending || !validDuration(extendBy)}
        >
          {t('room.controls.extend')}
        </button>
      </form>
      {confirming === 'stop' ? (
        <Confirm
          label={t('room.controls.stopTitle')}
          cancelLabel={t('room.controls.stopCancel')}
          confirmLabel={t('room.controls.stopConfirm')}
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
            <Trans
              i18nKey="room.controls.stopBody"
              values={{ name: matter.name }}
              components={{ strong: <strong /> }}
            />
          </p>
        </Confirm>
      ) : (
        <button
          type="button"
          className="danger"
          onClick={() => setConfirming('stop')}
        >
          {t('room.controls.stop')}
        </button>
      )}
    </div>
  );
}
