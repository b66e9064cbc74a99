import { formatReceipt } from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReceiptCodeProps {
  receipt: string;
}

/** A receipt code in groups of four, with a button that copies it. */
export function ReceiptCode({ receipt }: ReceiptCodeProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(formatReceipt(receipt));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <span className="receipt-code">
      <code aria-label={t('receipts.code')}>{formatReceipt(receipt)}</code>{' '}
      <button type="button" className="link" onClick={() => void copy()}>
        {copied ? t('receipts.copied') : t('receipts.copy')}
      </button>
    </span>
  );
}
