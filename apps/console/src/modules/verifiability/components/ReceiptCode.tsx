import { formatReceipt } from '@livevote/contracts';
import { useState } from 'react';

export interface ReceiptCodeProps {
  receipt: string;
}

/** A receipt code in groups of four, with a button that copies it. */
export function ReceiptCode({ receipt }: ReceiptCodeProps) {
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
      <code aria-label="Receipt code">{formatReceipt(receipt)}</code>{' '}
      <button type="button" className="link" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}
