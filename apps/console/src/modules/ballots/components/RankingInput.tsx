import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelOf, moveRank, toggleRank } from '../utils/marks';
import { CandidateStatement, statementsOf } from './CandidateStatement';
import type { MarksInputProps } from './MarksInput';

/**
 * A ranked ballot, ranked by tapping in order: a tap gives a candidate the next rank, a
 * second tap removes it (the others close up); the order below moves a candidate up or down.
 * Every change is announced ("Hugo Rossi ranked 2"); focus stays with the candidate moved.
 */
export function RankingInput({ id, matter, value, onChange }: MarksInputProps) {
  const { t } = useTranslation();
  const ranking = value.choices;
  const statements = statementsOf(matter.candidates);
  const [said, setSaid] = useState('');
  // after a move or removal, the control that keeps the keyboard's place
  const [focus, setFocus] = useState<string>();
  const controls = useRef(new Map<string, HTMLButtonElement | null>());
  useEffect(() => {
    if (focus === undefined) return;
    controls.current.get(focus)?.focus();
    setFocus(undefined);
  }, [focus]);

  const tap = (option: string) => {
    const next = toggleRank(value, option);
    onChange(next);
    const rank = next.choices.indexOf(option) + 1;
    setSaid(
      rank
        ? t('election.ballot.ranked', { option: labelOf(matter, option), rank })
        : t('election.ballot.unranked', { option: labelOf(matter, option) }),
    );
  };
  const move = (option: string, by: -1 | 1) => {
    const next = moveRank(value, option, by);
    onChange(next);
    const rank = next.choices.indexOf(option) + 1;
    setSaid(
      t('election.ballot.moved', { option: labelOf(matter, option), rank }),
    );
    // the same button of the moved candidate, or the other one at an end
    const atEnd = by < 0 ? rank === 1 : rank === next.choices.length;
    setFocus(
      `${atEnd ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'}:${option}`,
    );
  };
  const remove = (option: string) => {
    onChange(toggleRank(value, option));
    setSaid(t('election.ballot.unranked', { option: labelOf(matter, option) }));
    setFocus(`tap:${option}`);
  };
  const ref = (key: string) => (element: HTMLButtonElement | null) => {
    controls.current.set(key, element);
  };

  return (
    <>
      <p className="hint" id={`${id}-hint`}>
        {t('election.ballot.rankHint')}
      </p>
      <ul className="ballot-options rank-candidates">
        {matter.options.map((option) => {
          const rank = ranking.indexOf(option) + 1;
          return (
            <li className="ballot-option rank-option" key={option}>
              {/* the badge shows the rank; the button says it in words */}
              <span className="rank-badge" aria-hidden="true">
                {rank || ''}
              </span>
              <button
                ref={ref(`tap:${option}`)}
                type="button"
                className="rank-tap"
                aria-pressed={rank > 0}
                // the visible name, then its rank in words
                aria-label={
                  labelOf(matter, option) +
                  (rank
                    ? t('election.ballot.rankedSuffix', { rank })
                    : t('election.ballot.notRankedSuffix'))
                }
                data-rank={rank || undefined}
                onClick={() => tap(option)}
              >
                <span className="rank-name">{labelOf(matter, option)}</span>
              </button>
              <CandidateStatement
                name={labelOf(matter, option)}
                statement={statements.get(option)}
              />
            </li>
          );
        })}
      </ul>
      <p className="rank-order-title" id={`${id}-order`}>
        {t('election.ballot.yourOrder')}
      </p>
      {ranking.length === 0 ? (
        <p className="muted">{t('election.ballot.noneRanked')}</p>
      ) : (
        <ol className="rank-order" aria-labelledby={`${id}-order`}>
          {ranking.map((option, index) => (
            <li key={option} data-option={option}>
              <span className="rank-badge" aria-hidden="true">
                {index + 1}
              </span>
              <span className="rank-name">{labelOf(matter, option)}</span>
              <span className="rank-moves">
                <button
                  ref={ref(`up:${option}`)}
                  type="button"
                  className="secondary small"
                  aria-label={t('election.ballot.moveUp', {
                    option: labelOf(matter, option),
                  })}
                  aria-disabled={index === 0 || undefined}
                  onClick={() => index > 0 && move(option, -1)}
                >
                  ↑<span className="sr-only"> {t('election.ballot.up')}</span>
                </button>
                <button
                  ref={ref(`down:${option}`)}
                  type="button"
                  className="secondary small"
                  aria-label={t('election.ballot.moveDown', {
                    option: labelOf(matter, option),
                  })}
                  aria-disabled={index === ranking.length - 1 || undefined}
                  onClick={() => index < ranking.length - 1 && move(option, 1)}
                >
                  ↓<span className="sr-only"> {t('election.ballot.down')}</span>
                </button>
                <button
                  type="button"
                  className="secondary small"
                  aria-label={t('election.ballot.remove', {
                    option: labelOf(matter, option),
                  })}
                  onClick={() => remove(option)}
                >
                  ×
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {said}
      </p>
    </>
  );
}
