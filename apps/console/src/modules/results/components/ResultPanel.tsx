import type { LiveMatter, MatterResult } from '@livevote/contracts';
import { resultStatement, ruleWords, verdictWords } from '@livevote/i18n';
import { useZonedTime } from '../../../i18n/use-language';
import { FORECAST_KEYS } from '../utils/forecast';
import { useLanguage, useNumber } from '../../../i18n/use-language';
import { useTranslation } from 'react-i18next';

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
  const lng = useLanguage();
  const { t } = useTranslation();
  const className = `verdict${large ? ' verdict-large' : ''}`;
  const rule = (
    <p className="verdict-rule">
      {t('results.toPass', { rule: ruleWords(matter, lng) })}
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
    >
      <p className={`verdict-word verdict-${result.verdict}`}>
        {verdictWords(result.verdict, lng)}
        {result.elected.length > 0 && `: ${result.elected.join(', ')}`}
      </p>
      <p className="verdict-statement">
        {resultStatement({ ...result, election: matter.choices > 1 }, lng)}
      </p>
      <Totals result={result} />
      {audience === 'staff' && <SignOffLine result={result} />}
    </section>
  );
}

function Totals({ result }: { result: MatterResult }) {
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
            <th scope="row">{total.vote}</th>
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
