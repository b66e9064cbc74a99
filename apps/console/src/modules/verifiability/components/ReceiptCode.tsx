import { formatReceipt } from '@livevote/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReceiptCodeProps {
  receipt: string;
}

/** The groups of four as formatReceipt writes them. */
function receiptGroups(receipt: string): string[] {
  return formatReceipt(receipt).split('-');
}

/**
 * A receipt code in groups of four, with a button that copies it. A narrow phone wraps it
 * between groups only, never inside one.
 */
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
      <code aria-label={t('receipts.code')}>
        {receiptGroups(receipt).map((group, i, groups) => (
          <Fragment key={i}>
            <span className="receipt-group">
              {group}
              {i < groups.length - 1 && '-'}
            </span>
            {i < groups.length - 1 && <wbr />}
          </Fragment>
        ))}
      </code>{' '}
      <button type="button" className="link" onClick={() => void copy()}>
        {copied ? t('receipts.copied') : t('receipts.copy')}
      </button>
    </span>
  );
}
