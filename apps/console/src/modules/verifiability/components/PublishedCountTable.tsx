import { formatReceipt, type PublishedCount } from '@livevote/contracts';
import { formatNumber } from '../../ui/utils/format';

export interface PublishedCountTableProps {
  count: PublishedCount;
  /** A receipt to point out (the voter's own), already normalised. */
  highlight?: string | null;
}

const WEIGHT_WORDS = {
  shares: 'shares',
  units: 'votes',
  both: 'shares',
} as const;

/** The counted receipts of a matter with their weight (and choices when open), and the totals. */
export function PublishedCountTable({
  count,
  highlight,
}: PublishedCountTableProps) {
  return (
    <div className="published-count">
      <p className="muted small">
        {formatNumber(count.receipts.length, 0)} ballots counted ·{' '}
        {formatNumber(count.totals.shares, 6)} shares · verdict{' '}
        <strong>{count.verdict}</strong>
      </p>
      <table aria-label={`Totals of ${count.name}`}>
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">Ballots</th>
            <th scope="col">Shares</th>
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
        <table aria-label={`Counted receipts of ${count.name}`}>
          <thead>
            <tr>
              <th scope="col">Receipt</th>
              <th scope="col">Weight ({WEIGHT_WORDS[count.weightBasis]})</th>
              {count.openVerification && <th scope="col">Choices</th>}
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
                {count.openVerification && <td>{row.choices?.join(', ')}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {count.chainHead && (
        <p className="muted small">
          Hash chain at the close: link {count.chainHead.position},{' '}
          <code className="hash">{count.chainHead.hash}</code>
        </p>
      )}
    </div>
  );
}
