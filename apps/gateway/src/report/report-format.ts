import { formatInZone, formatNumber, type Language } from '@livevote/i18n';

/** Numbers and instants for people, as the PDF report prints them (docs/verdicts.md). */

/** 1234 -> "1,234" ("1 234" in French). */
export const unitsText = (value: number, lng: Language = 'en'): string =>
  formatNumber(value, lng, 0);

/** 1234.5 -> "1,234.5" ("1 234,5"); up to the 6 decimals shares have. */
export const sharesFigure = (value: number, lng: Language = 'en'): string =>
  formatNumber(value, lng, 6);

/** An instant in the meeting's zone, labelled, to the minute: "Nov 21, 2026, 6:00 PM EST". */
export function instantText(
  iso: string | null,
  timeZone: string,
  lng: Language = 'en',
): string {
  if (!iso) return '–';
  return formatInZone(iso, timeZone, lng, 'dateTime');
}

/** Units in natural order: 2 before 10. */
export const byUnit = new Intl.Collator('en', { numeric: true }).compare;

/**
 * An option as the report shows it (its label in the report's language, or in all the
 * meeting's); the figures, rounds and results name canonical options (docs/i18n.md).
 */
export function optionLabel(matter: {
  options: readonly string[];
  optionLabels?: readonly string[];
}): (option: string) => string {
  const labels = new Map(
    matter.options.map((option, i) => [
      option,
      matter.optionLabels?.[i] || option,
    ]),
  );
  return (option) => labels.get(option) ?? option;
}
