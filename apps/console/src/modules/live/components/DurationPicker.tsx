import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const MIN_DURATION_S = 10;
export const MAX_DURATION_S = 86_400;

const PRESETS = [60, 120, 300, 360, 600, 900];

export interface DurationPickerProps {
  label: string;
  /** Seconds; NaN while a custom value is being typed. */
  seconds: number;
  onChange: (seconds: number) => void;
}

/** A few usual durations and a custom number of seconds (10 s to 24 h). */
export function DurationPicker({
  label,
  seconds,
  onChange,
}: DurationPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const preset = PRESETS.includes(seconds) ? String(seconds) : 'custom';
  return (
    <div className="duration-picker">
      <div className="field">
        <label htmlFor={`${id}-preset`}>{label}</label>
        <select
          id={`${id}-preset`}
          value={preset}
          onChange={(event) =>
            onChange(
              event.target.value === 'custom'
                ? Number.NaN
                : Number(event.target.value),
            )
          }
        >
          {PRESETS.map((value) => (
            <option key={value} value={value}>
              {t('room.presetMinutes', { n: value / 60 })}
            </option>
          ))}
          <option value="custom">{t('room.custom')}</option>
        </select>
      </div>
      {preset === 'custom' && (
        <div className="field">
          <label htmlFor={`${id}-custom`}>
            {t('room.inSeconds', { label })}
          </label>
          <input
            id={`${id}-custom`}
            type="number"
            min={MIN_DURATION_S}
            max={MAX_DURATION_S}
            step={1}
            required
            value={Number.isNaN(seconds) ? '' : seconds}
            onChange={(event) =>
              onChange(
                event.target.value === ''
                  ? Number.NaN
                  : Number(event.target.value),
              )
            }
          />
        </div>
      )}
    </div>
  );
}

export function validDuration(seconds: number): boolean {
  return (
    Number.isInteger(seconds) &&
    seconds >= MIN_DURATION_S &&
    seconds <= MAX_DURATION_S
  );
}
