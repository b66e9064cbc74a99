import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import type { VoterTarget } from '../../portal/hooks/useBallot';
import { useEmailReceipt } from '../hooks/useReceipts';

export interface EmailReceiptButtonProps {
  target: VoterTarget;
  receipt: string;
}

/** "Email me my receipt": a copy to the voter's own address. */
export function EmailReceiptButton({
  target,
  receipt,
}: EmailReceiptButtonProps) {
  const { t } = useTranslation();
  const email = useEmailReceipt(target);
  return (
    <>
      <button
        type="button"
        className="secondary small"
        disabled={email.isPending}
        onClick={() => email.mutate(receipt)}
      >
        {t('receipts.email')}
      </button>
      {email.data && (
        <span role="status" className="muted small">
          {' '}
          {t('receipts.sentTo', { to: email.data.to })}
        </span>
      )}
      <ErrorMessage error={email.error} />
    </>
  );
}
