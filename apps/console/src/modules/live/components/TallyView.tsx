import type { MatterTallyEvent } from '@livevote/contracts';
import { countOf, formatNumber, formatPercent } from '../../ui/utils/format';
import { tallyLines } from '../utils/tally';

export interface TallyViewProps {
  /** The matter's options, shown even before the first tally arrives. */
  options: readonly string[];
  tally?: MatterTallyEvent;
  /** A secret ballot shows turnout only until the gateway sends its rows at close. */
  secretBallot?: boolean;
  title?: string;
  large?: boolean;
}

/**
 * Votes and shares per option with bars; each share is of the ballots cast (a ballot with
 * two choices counts for both options, as in an election of two directors). While a secret
 * ballot's rows are withheld, turnout and a plain message instead of bars.
 */
export function TallyView({
  options,
  tally,
  secretBallot = false,
  title = 'Tally',
  large = false,
}: TallyViewProps) {
  const withheld = tally ? tally.rowsWithheld : secretBallot;
  const lines = tally
    ? tallyLines(tally.rows)
    : options.map((option) => ({
        option,
        votes: 0,
        shares: 0,
        proxyVotes: 0,
      }));
  const votesCast = tally?.votesCast ?? 0;
  const sharesCast = tally?.sharesCast ?? 0;
  const eligible = tally?.eligibleMembers;

  return (
    <section
      className={large ? 'tally tally-large' : 'tally'}
      aria-label={title}
    >
      <p className="tally-summary" data-votes-cast={votesCast}>
        <strong>{formatNumber(votesCast)}</strong>{' '}
        {votesCast === 1 ? 'vote' : 'votes'} cast
        {eligible !== undefined && <> of {formatNumber(eligible)} eligible</>}
        {sharesCast > 0 && <> · {countOf(sharesCast, 'share', 'shares')}</>}
      </p>
      {withheld ? (
        <p className="tally-withheld" data-rows-withheld="true">
          Results appear when voting closes.
        </p>
      ) : (
        <>
          <p className="tally-legend" data-legend="true">
            <span className="legend-item">
              <span className="legend-key legend-votes" aria-hidden="true" />
              Thick bar: votes (one a unit)
            </span>
            <span className="legend-item">
              <span className="legend-key legend-shares" aria-hidden="true" />
              Thin bar: shares
            </span>
          </p>
          <ul className="tally-rows">
            {lines.map((line) => (
              <li
                key={line.option}
                className="tally-row"
                data-option={line.option}
                data-votes={line.votes}
                data-proxy-votes={line.proxyVotes}
              >
                <div className="tally-label">
                  <span className="tally-option">{line.option}</span>
                  <span className="tally-figures">
                    {countOf(line.votes, 'vote', 'votes')} (
                    {formatPercent(line.votes, votesCast)}) ·{' '}
                    {countOf(line.shares, 'share', 'shares')} (
                    {formatPercent(line.shares, sharesCast)})
                    {line.proxyVotes > 0 && (
                      <> · {formatNumber(line.proxyVotes)} by proxy</>
                    )}
                  </span>
                </div>
                <div className="bar" aria-hidden="true">
                  <div
                    className="bar-votes"
                    style={{ width: barWidth(line.votes, votesCast) }}
                  />
                </div>
                <div className="bar bar-thin" aria-hidden="true">
                  <div
                    className="bar-shares"
                    style={{ width: barWidth(line.shares, sharesCast) }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function barWidth(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  return `${Math.min(100, (part / whole) * 100).toFixed(1)}%`;
}
