import {
  THRESHOLD_BASE_KINDS,
  THRESHOLD_BASES,
  type Threshold,
  type ThresholdBase,
  type ThresholdBasis,
} from '@livevote/contracts';
import { isElectionMatter, ruleWords } from '@livevote/i18n';
import type { VotingMethod } from '@livevote/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';

export interface MatterRule {
  threshold: Threshold;
  thresholdBasis: ThresholdBasis;
  thresholdBase: ThresholdBase;
}

/** The usual thresholds, by name (`resultSettings.rule.preset.*`). */
const PRESETS: { key: string; name: string; threshold: Threshold }[] = [
  {
    key: '1/2>',
    name: 'ordinary',
    threshold: { numerator: 1, denominator: 2, strict: true },
  },
  {
    key: '2/3',
    name: 'special',
    threshold: { numerator: 2, denominator: 3, strict: false },
  },
  {
    key: '3/4',
    name: 'threeQuarters',
    threshold: { numerator: 3, denominator: 4, strict: false },
  },
  {
    key: '1/1',
    name: 'unanimous',
    threshold: { numerator: 1, denominator: 1, strict: false },
  },
];

const presetOf = (threshold: Threshold) =>
  PRESETS.find(
    (preset) =>
      preset.threshold.numerator === threshold.numerator &&
      preset.threshold.denominator === threshold.denominator &&
      preset.threshold.strict === threshold.strict,
  )?.key ?? 'other';

export interface RuleFieldsProps {
  rule: MatterRule;
  onChange: (rule: MatterRule) => void;
  /** The matter holds ballots: its rule is fixed (docs/verdicts.md). */
  locked?: boolean;
  /**
   * The matter's voting method and seats: a cumulative or ranked election has no threshold
   * (the contract refuses one), only what is counted.
   */
  method?: { votingMethod: VotingMethod; choices: number };
}

/** The majority a matter needs: the fraction, what is counted and what it is of. */
export function RuleFields({
  rule,
  onChange,
  locked = false,
  method,
}: RuleFieldsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const id = useId();
  const preset = presetOf(rule.threshold);
  const setThreshold = (threshold: Partial<Threshold>) =>
    onChange({ ...rule, threshold: { ...rule.threshold, ...threshold } });
  const whole = (value: string) => Math.max(0, Math.trunc(Number(value)) || 0);
  const thresholdless =
    method !== undefined && method.votingMethod !== 'plurality';
  const words = { ...rule, ...method };
  const election = isElectionMatter(words);

  return (
    <fieldset className="rule-fields" disabled={locked}>
      <legend>{t('resultSettings.rule.legend')}</legend>
      <div className="form-grid">
        {!thresholdless && (
          <div className="field">
            <label htmlFor={`${id}-preset`}>
              {t('resultSettings.rule.threshold')}
            </label>
            <select
              id={`${id}-preset`}
              value={preset}
              onChange={(event) => {
                const chosen = PRESETS.find(
                  (p) => p.key === event.target.value,
                );
                if (chosen) onChange({ ...rule, threshold: chosen.threshold });
                else setThreshold({ strict: false });
              }}
            >
              {PRESETS.map((option) => (
                <option key={option.key} value={option.key}>
                  {t(`resultSettings.rule.preset.${option.name}`)}
                </option>
              ))}
              <option value="other">{t('resultSettings.rule.other')}</option>
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-basis`}>
            {t('resultSettings.rule.countedBy')}
          </label>
          <select
            id={`${id}-basis`}
            value={rule.thresholdBasis}
            onChange={(event) =>
              onChange({
                ...rule,
                thresholdBasis: event.target.value as ThresholdBasis,
              })
            }
          >
            {THRESHOLD_BASES.map((basis) => (
              <option key={basis} value={basis}>
                {t(`resultSettings.rule.basis.${basis}`)}
              </option>
            ))}
          </select>
        </div>
        {!thresholdless && (
          <div className="field">
            <label htmlFor={`${id}-base`}>{t('resultSettings.rule.of')}</label>
            <select
              id={`${id}-base`}
              value={rule.thresholdBase}
              onChange={(event) =>
                onChange({
                  ...rule,
                  thresholdBase: event.target.value as ThresholdBase,
                })
              }
            >
              {THRESHOLD_BASE_KINDS.map((base) => (
                <option key={base} value={base}>
                  {t(`resultSettings.rule.base.${base}`)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {!thresholdless && preset === 'other' && (
        <div className="inline-form">
          <div className="field">
            <label htmlFor={`${id}-num`}>
              {t('resultSettings.rule.numerator')}
            </label>
            <input
              id={`${id}-num`}
              type="number"
              min={1}
              value={rule.threshold.numerator}
              onChange={(event) =>
                setThreshold({ numerator: whole(event.target.value) })
              }
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-den`}>
              {t('resultSettings.rule.denominator')}
            </label>
            <input
              id={`${id}-den`}
              type="number"
              min={1}
              value={rule.threshold.denominator}
              onChange={(event) =>
                setThreshold({ denominator: whole(event.target.value) })
              }
            />
          </div>
          <div className="field checkbox">
            <input
              id={`${id}-strict`}
              type="checkbox"
              checked={rule.threshold.strict}
              onChange={(event) =>
                setThreshold({ strict: event.target.checked })
              }
            />
            <label htmlFor={`${id}-strict`}>
              {t('resultSettings.rule.strict')}
            </label>
          </div>
        </div>
      )}
      <p className="hint" data-rule>
        {locked && `${t('resultSettings.rule.locked')} `}
        {election
          ? t('election.ruleLine', { rule: ruleWords(words, lng) })
          : t('results.toPass', { rule: ruleWords(words, lng) })}
      </p>
    </fieldset>
  );
}
