import type { MatterResult } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';

/**
 * A ranked count's rounds in a compact table: one row per candidate, one column per round
 * with the votes it held (by shares, or units when only units count), marked when the round
 * elected or excluded it; exhausted ballots last (docs/elections.md).
 */
export function ElectionRounds({
  result,
  options,
}: {
  result: MatterResult;
  options: readonly string[];
}) {
  const { t } = useTranslation();
  const number = useNumber();
  const measure = result.thresholdBasis === 'units' ? 'units' : 'shares';
  const named = options.filter((option) =>
    result.rounds.some((round) => option in round.counts),
  );
  return (
    // scrolls sideways on a phone: focusable, so a keyboard can scroll it too
    <div
      className="rounds-wrap"
      role="region"
      aria-label={t('election.rounds.caption')}
      tabIndex={0}
    >
      <table className="election-rounds">
        <caption>{t('election.rounds.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('election.rounds.candidate')}</th>
            {result.rounds.map((_, index) => (
              <th scope="col" key={index}>
                {t('election.rounds.round', { n: index + 1 })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {named.map((option) => (
            <tr key={option}>
              <th scope="row">{option}</th>
              {result.rounds.map((round, index) => {
                const figures = round.counts[option];
                const elected = round.elected.includes(option);
                const excluded = round.excluded.includes(option);
                return (
                  <td
                    key={index}
                    data-state={
                      elected ? 'elected' : excluded ? 'excluded' : undefined
                    }
                  >
                    {figures ? number(figures[measure], 6) : ''}
                    {elected && ` (${t('election.rounds.elected')})`}
                    {excluded && ` (${t('election.rounds.excluded')})`}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr className="rounds-exhausted">
            <th scope="row">{t('election.rounds.exhausted')}</th>
            {result.rounds.map((round, index) => (
              <td key={index}>{number(round.exhausted[measure], 6)}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
