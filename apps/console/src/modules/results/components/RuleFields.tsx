import {
  THRESHOLD_BASE_KINDS,
  THRESHOLD_BASES,
  type Threshold,
  type ThresholdBase,
  type ThresholdBasis,
} from '@livevote/contracts';
import { ruleWords } from '@livevote/i18n';
import { useId } from 'react';

export interface MatterRule {
  threshold: Threshold;
  thresholdBasis: ThresholdBasis;
  thresholdBase: ThresholdBase;
}

const PRESETS: { key: string; label: string; threshold: Threshold }[] = [
  {
    key: '1/2>',
    label: 'More than half (ordinary resolution)',
    threshold: { numerator: 1, denominator: 2, strict: true },
  },
  {
    key: '2/3',
    label: 'At least two-thirds (special resolution)',
    threshold: { numerator: 2, denominator: 3, strict: false },
  },
  {
    key: '3/4',
    label: 'At least three-quarters',
    threshold: { numerator: 3, denominator: 4, strict: false },
  },
  {
    key: '1/1',
    label: 'All of them (unanimity)',
    threshold: { numerator: 1, denominator: 1, strict: false },
  },
];

const BASIS_LABELS: Record<ThresholdBasis, string> = {
  shares: 'Shares',
  units: 'Units (one vote per member)',
  both: 'Both units and shares',
};

const BASE_LABELS: Record<ThresholdBase, string> = {
  cast: 'Votes cast (abstentions left out)',
  present: 'Members present or represented',
  eligible: 'All eligible members',
};

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
}

/** The majority a matter needs: the fraction, what is counted and what it is of. */
export function RuleFields({
  rule,
  onChange,
  locked = false,
}: RuleFieldsProps) {
  const id = useId();
  const preset = presetOf(rule.threshold);
  const setThreshold = (threshold: Partial<Threshold>) =>
    onChange({ ...rule, threshold: { ...rule.threshold, ...threshold } });
  const whole = (value: string) => Math.max(0, Math.trunc(Number(value)) || 0);

  return (
    <fieldset className="rule-fields" disabled={locked}>
      <legend>Majority needed</legend>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-preset`}>Threshold</label>
          <select
            id={`${id}-preset`}
            value={preset}
            onChange={(event) => {
              const chosen = PRESETS.find((p) => p.key === event.target.value);
              if (chosen) onChange({ ...rule, threshold: chosen.threshold });
              else setThreshold({ strict: false });
            }}
          >
            {PRESETS.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
            <option value="other">Another fraction…</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-basis`}>Counted by</label>
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
                {BASIS_LABELS[basis]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-base`}>Of</label>
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
                {BASE_LABELS[base]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {preset === 'other' && (
        <div className="inline-form">
          <div className="field">
            <label htmlFor={`${id}-num`}>Numerator</label>
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
            <label htmlFor={`${id}-den`}>Denominator</label>
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
            <label htmlFor={`${id}-strict`}>Strictly more than</label>
          </div>
        </div>
      )}
      <p className="hint" data-rule>
        {locked ? 'The matter holds ballots: its rule cannot change. ' : ''}
        To pass: {ruleWords(rule)}.
      </p>
    </fieldset>
  );
}
