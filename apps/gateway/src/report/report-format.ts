/** Numbers and instants for people, as the PDF report prints them (docs/verdicts.md). */

const UNITS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const SHARES = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** 1234 -> "1,234". */
export const unitsText = (value: number): string => UNITS.format(value);

/** 1234.5 -> "1,234.5"; up to the 6 decimals shares have. */
export const sharesFigure = (value: number): string => SHARES.format(value);

/** An instant in the meeting's zone: "21 Nov 2026, 18:00:05 (America/Toronto)". */
export function instantText(iso: string | null, timeZone: string): string {
  if (!iso) return '–';
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
  return `${text} (${timeZone})`;
}

/** Units in natural order: 2 before 10. */
export const byUnit = new Intl.Collator('en', { numeric: true }).compare;
