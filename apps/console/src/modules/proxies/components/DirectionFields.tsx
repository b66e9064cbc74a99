import { choicesFit } from '@livevote/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface DirectableMatter {
  matterKey: string;
  name: string;
  header: string;
  options: readonly string[];
  choices: number;
}

/** Per matter: the choices the holder must cast, or null for the holder's discretion. */
export type Directions = Record<string, string[] | null>;

export interface DirectionFieldsProps {
  matters: readonly DirectableMatter[];
  value: Directions;
  onChange: (next: Directions) => void;
}

/**
 * One fieldset per matter that takes proxy votes: the holder decides (the default), or the
 * member directs it. One-choice matters are a single radio group; elections add check boxes
 * up to the matter's limit once the member chooses to direct.
 */
export function DirectionFields({
  matters,
  value,
  onChange,
}: DirectionFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const set = (matterKey: string, choices: string[] | null) =>
    onChange({ ...value, [matterKey]: choices });

  return (
    <div className="stack-small">
      {matters.map((matter, m) => {
        const current = value[matter.matterKey] ?? null;
        const name = `${id}-${m}`;
        if (matter.choices <= 1)
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
                      checked={current?.[0] === option}
                      onChange={() => set(matter.matterKey, [option])}
                    />
                    {option}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        const chosen = current ?? [];
        return (
          <fieldset key={matter.matterKey} className="direction">
            <legend>{matter.name}</legend>
            <p className="hint">
              {matter.header ? `${matter.header} ` : ''}
              {t('proxyForm.upTo', { n: matter.choices })}
            </p>
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
                  onChange={() => set(matter.matterKey, [])}
                />
                {t('proxyForm.iDirect')}
              </label>
              {current !== null &&
                matter.options.map((option) => {
                  const checked = chosen.includes(option);
                  return (
                    <label key={option} className="ballot-option indent">
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={!checked && chosen.length >= matter.choices}
                        onChange={(event) =>
                          set(
                            matter.matterKey,
                            matter.options.filter((o) =>
                              o === option
                                ? event.target.checked
                                : chosen.includes(o),
                            ),
                          )
                        }
                      />
                      {option}
                    </label>
                  );
                })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

/** The directions as the gateway takes them; null when a directed election has no choice. */
export function directionsPayload(
  matters: readonly DirectableMatter[],
  value: Directions,
): { matterKey: string; choices: string[] | null }[] | null {
  const result = matters.map((matter) => ({
    matterKey: matter.matterKey,
    choices: value[matter.matterKey] ?? null,
  }));
  // a directed matter's choices are a ballot's: the gateway's rule (libs/rules)
  return matters.some((matter, index) => {
    const choices = result[index].choices;
    return choices !== null && !choicesFit(matter, choices);
  })
    ? null
    : result;
}
