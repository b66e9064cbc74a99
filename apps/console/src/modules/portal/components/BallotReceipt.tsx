import type { OwnBallot } from '@livevote/contracts';
import { useEffect, useRef } from 'react';
import { EmailReceiptButton } from '../../verifiability/components/EmailReceiptButton';
import { ReceiptCode } from '../../verifiability/components/ReceiptCode';
import type { VoterTarget } from '../hooks/useBallot';
import { useZonedTime } from '../../../i18n/use-language';
import { useTranslation } from 'react-i18next';
import { answerText } from '../../ballots/utils/marks-words';

export interface BallotReceiptProps {
  ballot: OwnBallot;
  /** Move focus here (right after casting), so screen readers read the receipt. */
  focus?: boolean;
  /** Who is signed in, to e-mail the receipt; without it, no e-mail button. */
  target?: VoterTarget;
  /** An option as the voter reads it (its label in their language); else as named. */
  label?: (option: string) => string;
}

export function BallotReceipt({
  ballot,
  focus = false,
  target,
  label,
}: BallotReceiptProps) {
  const { t } = useTranslation();
  const at = useZonedTime();
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
          ? t('portal.receipt.early')
          : t('portal.receipt.live')}
      </h4>
      <p>
        {t('portal.ballot.youChose')}{' '}
        <strong>{answerText(t, ballot, label)}</strong>
      </p>
      <p className="muted small">{at(ballot.castAt)}</p>
      {ballot.receipt && (
        <>
          <p>
            {t('portal.receipt.yourReceipt')}{' '}
            <ReceiptCode receipt={ballot.receipt} />
          </p>
          <p className="hint small">{t('portal.receipt.keepIt')}</p>
          {target && (
            <EmailReceiptButton target={target} receipt={ballot.receipt} />
          )}
        </>
      )}
    </div>
  );
}
