import type { MatterTallyEvent } from '@livevote/contracts';
import { formatPercent } from '@livevote/i18n';
import { useLanguage, useNumber } from '../../../i18n/use-language';
import { tallyLines } from '../utils/tally';
import { useTranslation } from 'react-i18next';

export interface TallyViewProps {
  /** The matter's options, shown even before the first tally arrives. */
  options: readonly string[];
  /** Each option as shown (its label in the reader's language), by position; else the option. */
  labels?: readonly string[];
  tally?: MatterTallyEvent;
  /** A secret ballot shows turnout only until the gateway sends its rows at close. */
  secretBallot?: boolean;
  title?: string;
  large?: boolean;
  /**
   * Cumulative: each option's share is of the votes placed (the base of its count), so the bars
   * agree with the verdict's percentages; otherwise of the ballots cast.
   */
  votingMethod?: 'plurality' | 'cumulative' | 'ranked';
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
  title,
  large = false,
  votingMethod = 'plurality',
  labels,
}: TallyViewProps) {
  // the tally counts canonical options; the reader sees their labels (docs/i18n.md)
  const shown = (option: string) =>
    labels?.[options.indexOf(option)]?.trim() || option;
  const number = useNumber();
  const lng = useLanguage();
  const { t } = useTranslation();
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
  const cumulative = votingMethod === 'cumulative';
  const placed = (key: 'votes' | 'shares') =>
    lines.reduce((sum, line) => sum + line[key], 0);
  // what each option's percentage and bar are of
  const votesBase = cumulative ? placed('votes') : votesCast;
  const sharesBase = cumulative ? placed('shares') : sharesCast;
  const eligible = tally?.eligibleMembers;

  return (
    <section
      className={large ? 'tally tally-large' : 'tally'}
      aria-label={title ?? t('live.tally')}
    >
      <p className="tally-summary" data-votes-cast={votesCast}>
        <strong>{number(votesCast)}</strong>{' '}
        {t('live.votesCast', { count: votesCast })}
        {eligible !== undefined && (
          <> {t('live.ofEligible', { count: eligible, n: number(eligible) })}</>
        )}
        {sharesCast > 0 && (
          <>
            {' '}
            ·{' '}
            {t('live.sharesCast', { count: sharesCast, n: number(sharesCast) })}
          </>
        )}
      </p>
      {withheld ? (
        <p className="tally-withheld" data-rows-withheld="true">
          {t('live.withheld')}
        </p>
      ) : (
        <>
          <p className="tally-legend" data-legend="true">
            <span className="legend-item">
              <span className="legend-key legend-votes" aria-hidden="true" />
              {t('live.legendVotes')}
            </span>
            <span className="legend-item">
              <span className="legend-key legend-shares" aria-hidden="true" />
              {t('live.legendShares')}
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
                  <span className="tally-option">{shown(line.option)}</span>
                  <span className="tally-figures">
                    {t('live.votes', {
                      count: line.votes,
                      n: number(line.votes),
                    })}{' '}
                    ({formatPercent(line.votes, votesBase, lng)}) ·{' '}
                    {t('live.shares', {
                      count: line.shares,
                      n: number(line.shares),
                    })}{' '}
                    ({formatPercent(line.shares, sharesBase, lng)})
                    {line.proxyVotes > 0 && (
                      <>
                        {' '}
                        · {t('live.byProxy', { n: number(line.proxyVotes) })}
                      </>
                    )}
                  </span>
                </div>
                <div className="bar" aria-hidden="true">
                  <div
                    className="bar-votes"
                    style={{ width: barWidth(line.votes, votesBase) }}
                  />
                </div>
                <div className="bar bar-thin" aria-hidden="true">
                  <div
                    className="bar-shares"
                    style={{ width: barWidth(line.shares, sharesBase) }}
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
