import { useNumber, useZonedTime } from '../../../i18n/use-language';
import { formatReceipt, normalizeReceipt } from '@livevote/contracts';
import { receiptWords } from '@livevote/i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { answerText } from '../../ballots/utils/marks-words';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { usePortalPublishedCount, useReceipts } from '../hooks/useReceipts';
import type { VoterTarget } from '../../portal/hooks/useBallot';
import { PublishedCountTable } from './PublishedCountTable';
import { ReceiptCode } from './ReceiptCode';

export interface ReceiptsSectionProps {
  target: VoterTarget;
  /** Closed matters of the meeting, to look a receipt up in their published count. */
  matters: { matterKey: string; name: string }[];
  /** Every matter's name as the voter reads it, by key (docs/i18n.md); else the receipt's. */
  names?: ReadonlyMap<string, string>;
}

const STATE_WORDS = {
  counts: 'receipts.state.counts',
  replaced: 'receipts.state.replaced',
  withdrawn: 'receipts.state.withdrawn',
} as const;

/** The member's receipts, and where an owner finds one in a matter's published count. */
export function ReceiptsSection({
  target,
  matters,
  names,
}: ReceiptsSectionProps) {
  const { t } = useTranslation();
  const number = useNumber();
  const at = useZonedTime();
  const receipts = useReceipts(target, matters.length);
  const [matterKey, setMatterKey] = useState('');
  const [code, setCode] = useState('');
  const [looked, setLooked] = useState<{ matterKey: string; code: string }>();
  const count = usePortalPublishedCount(target, looked?.matterKey ?? '');
  const wanted = looked ? normalizeReceipt(looked.code) : null;
  const found = count.data?.receipts.find((row) => row.receipt === wanted);

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    setLooked({ matterKey, code });
  };

  return (
    <section aria-labelledby="receipts" className="portal-section">
      <h2 id="receipts">{t('receipts.title')}</h2>
      {receipts.isPending && <Loading label={t('receipts.loading')} />}
      <ErrorMessage error={receipts.error} />
      {receipts.data?.length === 0 && <p>{t('receipts.none')}</p>}
      <ul className="receipt-list">
        {receipts.data?.map((item) => (
          <li key={item.receipt}>
            <strong>{names?.get(item.matterKey) ?? item.matterName}</strong> ·{' '}
            {t(STATE_WORDS[item.state])} ·{' '}
            <ReceiptCode receipt={item.receipt} />
            <p className="muted small">
              {at(item.castAt)} · {receiptWords(item, t, (when) => at(when))}
            </p>
          </li>
        ))}
      </ul>

      {matters.length > 0 && (
        <form className="receipt-lookup" onSubmit={lookUp}>
          <h3>{t('receipts.lookupTitle')}</h3>
          <label>
            {t('receipts.matter')}
            <select
              value={matterKey}
              onChange={(event) => {
                setMatterKey(event.target.value);
                const own = receipts.data?.find(
                  (item) =>
                    item.matterKey === event.target.value &&
                    item.state === 'counts',
                );
                if (own) setCode(formatReceipt(own.receipt));
              }}
              required
            >
              <option value="">{t('receipts.chooseMatter')}</option>
              {matters.map((matter) => (
                <option key={matter.matterKey} value={matter.matterKey}>
                  {matter.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('receipts.code')}
            <input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              required
            />
          </label>
          <button type="submit">{t('receipts.lookUp')}</button>
        </form>
      )}
      {looked && count.isPending && (
        <Loading label={t('receipts.loadingCount')} />
      )}
      <ErrorMessage error={count.error} />
      {looked && count.data && (
        <>
          <p role="status" className={found ? 'found-note' : 'missing-note'}>
            {!wanted
              ? t('receipts.notACode')
              : found
                ? found.choices
                  ? t('receipts.foundFor', {
                      code: formatReceipt(found.receipt),
                      weight: number(found.weight, 6),
                      choices: answerText(t, {
                        ...found,
                        choices: found.choices,
                      }),
                    })
                  : t('receipts.found', {
                      code: formatReceipt(found.receipt),
                      weight: number(found.weight, 6),
                    })
                : t('receipts.missing', {
                    code: formatReceipt(wanted),
                    count: count.data.receipts.length,
                    n: number(count.data.receipts.length),
                  })}
          </p>
          <PublishedCountTable count={count.data} highlight={wanted} />
        </>
      )}
    </section>
  );
}
