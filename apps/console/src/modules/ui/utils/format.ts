import { intlLocale, type Language } from '@livevote/i18n';

export function formatNumber(value: number, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits }).format(
    value,
  );
}

/** A share of a whole as a percentage with one decimal; 0 when the whole is 0. */
export function formatPercent(
  part: number,
  whole: number,
  lng?: Language,
): string {
  const ratio = whole > 0 ? part / whole : 0;
  return new Intl.NumberFormat(lng ? intlLocale(lng) : undefined, {
    style: 'percent',
    maximumFractionDigits: 1,
    minimumFractionDigits: 0,
  }).format(ratio);
}

/** "1 vote", "2 votes", "1.5 shares". */
export function countOf(value: number, one: string, many: string): string {
  return `${formatNumber(value)} ${value === 1 ? one : many}`;
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${formatNumber(size / 1024, 1)} KB`;
  return `${formatNumber(size / (1024 * 1024), 1)} MB`;
}
