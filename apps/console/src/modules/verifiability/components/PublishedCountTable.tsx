import { formatReceipt, type PublishedCount } from '@livevote/contracts';
import { verdictWords } from '@livevote/i18n';
import { useTranslation } from 'react-i18next';
import { answerText } from '../../ballots/utils/marks-words';
import { useNumber } from '../../../i18n/use-language';

export interface PublishedCountTableProps {
  count: PublishedCount;
  /** A receipt to point out (the voter's own), already normalised. */
  highlight?: string | null;
}

const WEIGHT_WORDS = {
  shares: 'published.weightShares',
  units: 'published.weightVotes',
  both: 'published.weightShares',
} as const;

/** The counted receipts of a matter with their weight (and choices when open), and the totals. */
export function PublishedCountTable({
  count,
  highlight,
}: PublishedCountTableProps) {
  const { t } = useTranslation();
  const formatNumber = useNumber();
  return (
    <div className="published-count">
      <p className="muted small">
        {t('published.summary', {
          count: count.receipts.length,
          ballots: formatNumber(count.receipts.length, 0),
          shares: t('live.shares', {
            count: count.totals.shares,
            n: formatNumber(count.totals.shares, 6),
          }),
        })}{' '}
        <strong>{verdictWords(count.verdict, t)}</strong>
      </p>
      <table aria-label={t('published.totalsOf', { name: count.name })}>
        <thead>
          <tr>
            <th scope="col">{t('published.option')}</th>
            <th scope="col">{t('published.ballots')}</th>
            <th scope="col">{t('published.shares')}</th>
          </tr>
        </thead>
        <tbody>
          {count.totals.options.map((row) => (
            <tr key={row.vote}>
              <th scope="row">{row.vote}</th>
              <td>{formatNumber(row.units, 0)}</td>
              <td>{formatNumber(row.shares, 6)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="published-scroll">
        <table aria-label={t('published.receiptsOf', { name: count.name })}>
          <thead>
            <tr>
              <th scope="col">{t('published.receipt')}</th>
              <th scope="col">
                {t('published.weight', {
                  basis: t(WEIGHT_WORDS[count.weightBasis]),
                })}
              </th>
              {count.openVerification && (
                <th scope="col">{t('published.choices')}</th>
              )}
            </tr>
          </thead>
          <tbody>
            {count.receipts.map((row) => (
              <tr
                key={row.receipt}
                className={row.receipt === highlight ? 'found' : undefined}
                aria-current={row.receipt === highlight ? 'true' : undefined}
              >
                <td>
                  <code>{formatReceipt(row.receipt)}</code>
                </td>
                <td>{formatNumber(row.weight, 6)}</td>
                {count.openVerification && (
                  <td>
                    {row.choices
                      ? answerText(t, { ...row, choices: row.choices })
                      : ''}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {count.chainHead && (
        <p className="muted small">
          {t('published.chain', { position: count.chainHead.position })}{' '}
          <code className="hash">{count.chainHead.hash}</code>
        </p>
      )}
    </div>
  );
}
