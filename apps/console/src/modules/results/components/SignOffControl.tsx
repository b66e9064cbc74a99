import type { LiveMatter } from '@livevote/contracts';
import { verdictWords } from '@livevote/i18n';
import { useState } from 'react';
import { Confirm } from '../../ui/components/Confirm';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useSignOff, useSignOffStatus } from '../hooks/useSignOff';

export interface SignOffControlProps {
  shortCode: string;
  matter: LiveMatter;
}

/**
 * A scrutineer signs off a closed matter's result, after confirming; the safe choice has the
 * focus. Shown only to those who may (docs/verdicts.md, "Sign-off by scrutineers").
 */
export function SignOffControl({ shortCode, matter }: SignOffControlProps) {
  const status = useSignOffStatus(shortCode);
  const signOff = useSignOff(shortCode);
  const [confirming, setConfirming] = useState(false);
  const result = matter.result;
  if (
    matter.liveStatus !== 'closed' ||
    !result ||
    result.signedOffBy ||
    !status.data?.maySignOff
  )
    return null;

  if (!confirming)
    return (
      <button
        type="button"
        className="primary"
        onClick={() => setConfirming(true)}
      >
        Sign off result…
      </button>
    );

  return (
    <Confirm
      label="Sign off result?"
      cancelLabel="Not yet"
      confirmLabel="Sign off"
      pending={signOff.isPending}
      onCancel={() => {
        signOff.reset();
        setConfirming(false);
      }}
      onConfirm={() =>
        signOff.mutate(matter.matterKey, {
          onSuccess: () => setConfirming(false),
        })
      }
    >
      <p>
        Sign off <strong>{verdictWords(result.verdict).toLowerCase()}</strong>{' '}
        as the result of <strong>{matter.name}</strong>? Your name goes into the
        report
        {result.publishedAt ? '' : ', and the result is published to voters'}.
      </p>
      <ErrorMessage error={signOff.error} />
    </Confirm>
  );
}
