import type { LiveMatter, MatterResult } from '@livevote/contracts';
import { resultStatement, ruleWords, verdictWords } from '@livevote/i18n';
import { formatNumber } from '../../ui/utils/format';
import { useZonedTime } from '../../../i18n/use-language';
import { FORECAST_WORDS } from '../utils/forecast';

export interface ResultPanelProps {
  matter: LiveMatter;
  /** Staff see a result before it is published, and its sign-off. */
  audience: 'staff' | 'voter';
  /** Readable from the back of a room (the big screen). */
  large?: boolean;
}

/**
 * A matter's rule, its forecast while live and its verdict once closed, the same words on
 * the control room, the big screen and the portal (docs/verdicts.md).
 */
export function ResultPanel({
  matter,
  audience,
  large = false,
}: ResultPanelProps) {
  const className = `verdict${large ? ' verdict-large' : ''}`;
  const rule = <p className="verdict-rule">To pass: {ruleWords(matter)}.</p>;

  if (matter.liveStatus === 'live') {
    const forecast = matter.forecast ? FORECAST_WORDS[matter.forecast] : null;
    return (
      <section className={className} aria-label="Forecast">
        {rule}
        {forecast ? (
          <p
            className={`forecast forecast-${matter.forecast}`}
            data-forecast={matter.forecast}
            role="status"
          >
            <strong>{forecast.title}</strong> <span>{forecast.detail}</span>
          </p>
        ) : (
          matter.secretBallot && (
            <p className="muted" data-forecast="none">
              Secret ballot: no forecast until voting closes.
            </p>
          )
        )}
      </section>
    );
  }

  if (matter.liveStatus === 'pending')
    return <section className={className}>{rule}</section>;

  const result = matter.result;
  if (!result) {
    return (
      <section className={className} aria-label="Result" data-result="pending">
        <p className="verdict-pending">
          {audience === 'voter' ? 'Result pending' : 'Counting the result…'}
        </p>
        {audience === 'voter' && (
          <p className="muted">
            The result is published here once it is final.
          </p>
        )}
      </section>
    );
  }
  return (
    <section
      className={className}
      aria-label="Result"
      data-verdict={result.verdict}
    >
      <p className={`verdict-word verdict-${result.verdict}`}>
        {verdictWords(result.verdict)}
        {result.elected.length > 0 && `: ${result.elected.join(', ')}`}
      </p>
      <p className="verdict-statement">
        {resultStatement({ ...result, election: matter.choices > 1 })}
      </p>
      <Totals result={result} />
      {audience === 'staff' && <SignOffLine result={result} />}
    </section>
  );
}

function Totals({ result }: { result: MatterResult }) {
  return (
    <table className="verdict-totals">
      <caption className="sr-only">Votes per option</caption>
      <thead>
        <tr>
          <th scope="col">Option</th>
          <th scope="col">Units</th>
          <th scope="col">Shares</th>
        </tr>
      </thead>
      <tbody>
        {result.totals.map((total) => (
          <tr key={total.vote}>
            <th scope="row">{total.vote}</th>
            <td>{formatNumber(total.units)}</td>
            <td>{formatNumber(total.shares, 6)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SignOffLine({ result }: { result: MatterResult }) {
  const at = useZonedTime();
  if (result.signedOffBy)
    return (
      <p className="verdict-signoff" data-signed-off="true">
        Signed off by {result.signedOffBy}
        {result.signedOffAt && `, ${at(result.signedOffAt)}`}.
      </p>
    );
  return (
    <p className="verdict-signoff" data-signed-off="false">
      {result.publishedAt
        ? 'Published to voters at the close.'
        : 'Awaiting a scrutineer’s sign-off: not yet published to voters.'}
    </p>
  );
}
