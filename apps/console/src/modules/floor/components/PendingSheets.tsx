import type { PendingFloorBallot } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { answerText } from '../../ballots/utils/marks-words';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import {
  useDiscardFloorEntry,
  usePendingFloorBallots,
} from '../hooks/useFloorBallots';

const STATE_WORDS: Record<PendingFloorBallot['state'], string> = {
  pending: 'floor.state.pending',
  mismatch: 'floor.state.mismatch',
  lapsed: 'floor.state.lapsed',
};

/** Double entry: sheets not counted yet, with a way to resolve a mismatch. */
export function PendingSheets({
  shortCode,
  matterKey,
}: {
  shortCode: string;
  matterKey: string;
}) {
  const { t } = useTranslation();
  const pending = usePendingFloorBallots(shortCode, matterKey, true);
  const discard = useDiscardFloorEntry(shortCode, matterKey);
  const sheets = pending.data ?? [];
  return (
    <section className="panel" aria-label={t('floor.notCountedLabel')}>
      <h3>{t('floor.notCounted')}</h3>
      <ErrorMessage error={pending.error ?? discard.error} />
      {sheets.length === 0 ? (
        <p className="muted">{t('floor.allAgree')}</p>
      ) : (
        <ul className="question-list">
          {sheets.map((sheet) => (
            <li
              key={`${sheet.memberKey}-${sheet.state}`}
              className="question-item"
              aria-label={t('floor.sheetLabel', {
                unit: sheet.unit,
                state: t(STATE_WORDS[sheet.state]),
              })}
            >
              <p>
                <strong>{t('common.unitNamed', { unit: sheet.unit })}</strong>{' '}
                <span className="muted">{t(STATE_WORDS[sheet.state])}</span>
              </p>
              <ul>
                {sheet.entries.map((entry) => (
                  <li key={entry.key}>
                    {t('floor.entryBy', {
                      entry: entry.entry,
                      name: entry.recordedBy.name,
                      choices: answerText(t, entry),
                    })}{' '}
                    <button
                      type="button"
                      className="link"
                      disabled={discard.isPending}
                      onClick={() => discard.mutate(entry.key)}
                    >
                      {t('floor.discard', {
                        entry: entry.entry,
                        unit: sheet.unit,
                      })}
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p className="hint">{t('floor.resolveHint')}</p>
    </section>
  );
}
