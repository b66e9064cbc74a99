import type { LiveMatter, MatterResult } from '@livevote/contracts';
import {
  formatPercent,
  isElectionMatter,
  resultStatement,
  ruleWords,
  verdictWords,
} from '@livevote/i18n';
import { electionPercent } from '@livevote/rules';
import { ElectionRounds } from './ElectionRounds';
import { TieBreakForm } from './TieBreakForm';
import { useZonedTime } from '../../../i18n/use-language';
import { FORECAST_KEYS } from '../utils/forecast';
import { useLanguage, useNumber } from '../../../i18n/use-language';
import { useTranslation } from 'react-i18next';

export interface ResultPanelProps {
  /** With `optionLabels`, its options are shown by their labels (docs/i18n.md). */
  matter: LiveMatter & { optionLabels?: readonly string[] };
  /** Staff see a result before it is published, and its sign-off. */
  audience: 'staff' | 'voter';
  /** Readable from the back of a room (the big screen). */
  large?: boolean;
  /** The control room's meeting: the chair may record a tie break there. */
  chairOf?: string;
}

/**
 * A matter's rule, its forecast while live and its verdict once closed, the same words on
 * the control room, the big screen and the portal (docs/verdicts.md).
 */
export function ResultPanel({
  matter,
  audience,
  large = false,
  chairOf,
}: ResultPanelProps) {
  const lng = useLanguage();
  const { t } = useTranslation();
  const className = `verdict${large ? ' verdict-large' : ''}`;
  // an election is decided by its voting method, never by a majority threshold
  const election = isElectionMatter(matter);
  // results count canonical options; the reader sees their labels
  const label = (vote: string) =>
    matter.optionLabels?.[matter.options.indexOf(vote)]?.trim() || vote;
  const rule = (
    <p className="verdict-rule">
      {election
        ? t('election.ruleLine', { rule: ruleWords(matter, lng) })
        : t('results.toPass', { rule: ruleWords(matter, lng) })}
    </p>
  );

  if (matter.liveStatus === 'live') {
    const forecast = matter.forecast ? FORECAST_KEYS[matter.forecast] : null;
    return (
      <section className={className} aria-label={t('results.forecastLabel')}>
        {rule}
        {forecast ? (
          <p
            className={`forecast forecast-${matter.forecast}`}
            data-forecast={matter.forecast}
            role="status"
          >
            <strong>{t(forecast.title)}</strong>{' '}
            <span>{t(forecast.detail)}</span>
          </p>
        ) : (
          matter.secretBallot && (
            <p className="muted" data-forecast="none">
              {t('results.secretNoForecast')}
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
      <section
        className={className}
        aria-label={t('results.resultLabel')}
        data-result="pending"
      >
        <p className="verdict-pending">
          {audience === 'voter'
            ? t('results.pendingVoter')
            : t('results.counting')}
        </p>
        {audience === 'voter' && (
          <p className="muted">{t('results.publishedHere')}</p>
        )}
      </section>
    );
  }
  return (
    <section
      className={className}
      aria-label={t('results.resultLabel')}
      data-verdict={result.verdict}
      data-method={election ? result.votingMethod : undefined}
    >
      <p className={`verdict-word verdict-${result.verdict}`}>
        {verdictWords(result.verdict, lng)}
        {result.elected.length > 0 &&
          `: ${result.elected.map(label).join(', ')}`}
      </p>
      <p className="verdict-statement">
        {resultStatement({ ...result, election, choices: matter.choices }, lng)}
      </p>
      {election ? (
        <ElectionTotals result={result} label={label} />
      ) : (
        <Totals result={result} label={label} />
      )}
      {election && result.rounds.length > 0 && (
        <ElectionRounds result={result} options={matter.options} />
      )}
      {chairOf && election && result.verdict === 'tied' && !result.tieBreak && (
        <TieBreakForm shortCode={chairOf} matter={matter} result={result} />
      )}
      {audience === 'staff' && <SignOffLine result={result} />}
    </section>
  );
}

/**
 * An election's figures per option with each one's percentage of the base the count names
 * (libs/rules `electionPercent`, the figure the verdict sentence gives), and a bar of it.
 */
function ElectionTotals({
  result,
  label,
}: {
  result: MatterResult;
  label: (vote: string) => string;
}) {
  const number = useNumber();
  const lng = useLanguage();
  const { t } = useTranslation();
  const measure = result.thresholdBasis === 'units' ? 'units' : 'shares';
  const count = {
    totals: Object.fromEntries(
      result.totals.map(({ vote, units, shares }) => [vote, { units, shares }]),
    ),
    base: result.base,
  };
  return (
    <table className="verdict-totals election-totals">
      <caption className="sr-only">{t('results.votesPerOption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('results.option')}</th>
          <th scope="col">{t('results.units')}</th>
          <th scope="col">{t('results.shares')}</th>
          <th scope="col">
            {t('election.percentColumn', {
              measure: t(`election.measure.${measure}`),
            })}
          </th>
        </tr>
      </thead>
      <tbody>
        {result.totals.map((total) => {
          const percent = electionPercent(count, total.vote, measure);
          return (
            <tr
              key={total.vote}
              data-option={total.vote}
              data-percent={percent}
              data-elected={result.elected.includes(total.vote) || undefined}
            >
              <th scope="row">{label(total.vote)}</th>
              <td>{number(total.units, 6)}</td>
              <td>{number(total.shares, 6)}</td>
              <td className="percent-cell">
                <span>{formatPercent(percent, 100, lng)}</span>
                <span className="bar" aria-hidden="true">
                  <span
                    className="bar-votes"
                    style={{ width: `${Math.min(100, percent).toFixed(1)}%` }}
                  />
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Totals({
  result,
  label,
}: {
  result: MatterResult;
  label: (vote: string) => string;
}) {
  const number = useNumber();
  const { t } = useTranslation();
  return (
    <table className="verdict-totals">
      <caption className="sr-only">{t('results.votesPerOption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('results.option')}</th>
          <th scope="col">{t('results.units')}</th>
          <th scope="col">{t('results.shares')}</th>
        </tr>
      </thead>
      <tbody>
        {result.totals.map((total) => (
          <tr key={total.vote}>
            <th scope="row">{label(total.vote)}</th>
            <td>{number(total.units)}</td>
            <td>{number(total.shares, 6)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SignOffLine({ result }: { result: MatterResult }) {
  const { t } = useTranslation();
  const at = useZonedTime();
  if (result.signedOffBy)
    return (
      <p className="verdict-signoff" data-signed-off="true">
        {result.signedOffAt
          ? t('results.signedOffAt', {
              by: result.signedOffBy,
              at: at(result.signedOffAt),
            })
          : t('results.signedOff', { by: result.signedOffBy })}
      </p>
    );
  return (
    <p className="verdict-signoff" data-signed-off="false">
      {result.publishedAt
        ? t('results.publishedAtClose')
        : t('results.awaitingSignOff')}
    </p>
  );
}
