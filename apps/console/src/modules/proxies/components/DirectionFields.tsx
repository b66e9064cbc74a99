import type { ProxyDirection } from '@livevote/contracts';
import { ballotMarks } from '@livevote/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MarksInput } from '../../ballots/components/MarksInput';
import {
  bodyOf,
  EMPTY_MARKS,
  labelOf,
  type MarksDraft,
} from '../../ballots/utils/marks';

export interface DirectableMatter {
  matterKey: string;
  name: string;
  header: string;
  options: readonly string[];
  choices: number;
  /** Plurality when absent. */
  votingMethod?: 'plurality' | 'cumulative' | 'ranked';
  candidates?: readonly { name: string; statement: string }[];
  /** Each option in the reader's language, by position; directions name the canonical ones. */
  optionLabels?: readonly string[];
}

/** Per matter: the ballot the holder must cast, or null for the holder's discretion. */
export type Directions = Record<string, MarksDraft | null>;

const methodOf = (matter: DirectableMatter) =>
  matter.votingMethod ?? 'plurality';

export interface DirectionFieldsProps {
  matters: readonly DirectableMatter[];
  value: Directions;
  onChange: (next: Directions) => void;
}

/**
 * One fieldset per matter that takes proxy votes: the holder decides (the default), or the
 * member directs it. One-choice matters are a single radio group; elections add the ballot of
 * their voting method (check boxes, a ranking or steppers) once the member chooses to direct.
 */
export function DirectionFields({
  matters,
  value,
  onChange,
}: DirectionFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const set = (matterKey: string, marks: MarksDraft | null) =>
    onChange({ ...value, [matterKey]: marks });

  return (
    <div className="stack-small">
      {matters.map((matter, m) => {
        const current = value[matter.matterKey] ?? null;
        const name = `${id}-${m}`;
        if (matter.choices <= 1 && methodOf(matter) === 'plurality')
          return (
            <fieldset key={matter.matterKey} className="direction">
              <legend>{matter.name}</legend>
              {matter.header && <p className="hint">{matter.header}</p>}
              <div className="ballot-options">
                <label className="ballot-option">
                  <input
                    type="radio"
                    name={name}
                    checked={current === null}
                    onChange={() => set(matter.matterKey, null)}
                  />
                  {t('proxyForm.letDecide')}
                </label>
                {matter.options.map((option) => (
                  <label key={option} className="ballot-option">
                    <input
                      type="radio"
                      name={name}
                      checked={current?.choices[0] === option}
                      onChange={() =>
                        set(matter.matterKey, { choices: [option], votes: [] })
                      }
                    />
                    {labelOf(matter, option)}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        return (
          <fieldset key={matter.matterKey} className="direction">
            <legend>{matter.name}</legend>
            {matter.header && <p className="hint">{matter.header}</p>}
            <div className="ballot-options">
              <label className="ballot-option">
                <input
                  type="radio"
                  name={name}
                  checked={current === null}
                  onChange={() => set(matter.matterKey, null)}
                />
                {t('proxyForm.letDecide')}
              </label>
              <label className="ballot-option">
                <input
                  type="radio"
                  name={name}
                  checked={current !== null}
                  onChange={() => set(matter.matterKey, EMPTY_MARKS)}
                />
                {t('proxyForm.iDirect')}
              </label>
            </div>
            {current !== null && (
              <div className="indent">
                <MarksInput
                  id={name}
                  matter={{ ...matter, votingMethod: methodOf(matter) }}
                  value={current}
                  onChange={(next) => set(matter.matterKey, next)}
                />
              </div>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}

/**
 * The directions as the gateway takes them (`choices: null` for discretion, else the ballot
 * body of the matter's method); null when a directed matter's ballot does not fit it.
 */
export function directionsPayload(
  matters: readonly DirectableMatter[],
  value: Directions,
): ProxyDirection[] | null {
  const result: ProxyDirection[] = [];
  for (const matter of matters) {
    const marks = value[matter.matterKey] ?? null;
    if (marks === null) {
      result.push({ matterKey: matter.matterKey, choices: null });
      continue;
    }
    const method = methodOf(matter);
    const body = bodyOf(method, marks);
    // a directed matter's marks are a ballot's: the gateway's rule (libs/rules)
    if (ballotMarks({ ...matter, votingMethod: method }, body).problem)
      return null;
    result.push({ matterKey: matter.matterKey, ...body } as ProxyDirection);
  }
  return result;
}
