import type { OwnBallot } from '@livevote/contracts';
import { useEffect, useRef } from 'react';
import { useZonedTime } from '../../../i18n/use-language';
import { useTranslation } from 'react-i18next';

export interface BallotReceiptProps {
  ballot: OwnBallot;
  /** Move focus here (right after casting), so screen readers read the receipt. */
  focus?: boolean;
}

export function BallotReceipt({ ballot, focus = false }: BallotReceiptProps) {
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
        <strong>{ballot.choices.join(', ')}</strong>
      </p>
      <p className="muted small">
        {at(ballot.castAt)} · {t('portal.receipt.receipt')}{' '}
        <code>{ballot.ballotId.slice(0, 8)}</code>
      </p>
    </div>
  );
}
