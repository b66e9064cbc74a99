import type { OwnBallot } from '@livevote/contracts';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../ui/utils/format';
import { EmailReceiptButton } from '../../verifiability/components/EmailReceiptButton';
import { ReceiptCode } from '../../verifiability/components/ReceiptCode';
import type { VoterTarget } from '../../verifiability/hooks/useReceipts';

export interface BallotReceiptProps {
  ballot: OwnBallot;
  /** Move focus here (right after casting), so screen readers read the receipt. */
  focus?: boolean;
  /** Who is signed in, to e-mail the receipt; without it, no e-mail button. */
  target?: VoterTarget;
}

export function BallotReceipt({
  ballot,
  focus = false,
  target,
}: BallotReceiptProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div
      className="receipt"
      role="status"
      aria-labelledby={`receipt-${ballot.ballotId}`}
    >
      <h4 id={`receipt-${ballot.ballotId}`} tabIndex={-1} ref={heading}>
        {ballot.method === 'proxy'
          ? 'Your early vote is recorded'
          : 'Your vote is recorded'}
      </h4>
      <p>
        You chose: <strong>{ballot.choices.join(', ')}</strong>
      </p>
      <p className="muted small">{formatDateTime(ballot.castAt)}</p>
      {ballot.receipt && (
        <>
          <p>
            Your receipt: <ReceiptCode receipt={ballot.receipt} />
          </p>
          <p className="hint small">
            Keep it: once the count is published you can find it there and check
            your vote was counted. It never shows who you are.
          </p>
          {target && (
            <EmailReceiptButton target={target} receipt={ballot.receipt} />
          )}
        </>
      )}
    </div>
  );
}
