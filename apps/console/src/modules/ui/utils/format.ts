/** A date and time for people, in the given IANA zone (the meeting's) or the browser's. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: timeZone ? 'short' : undefined,
    }).format(date);
  } catch {
    return date.toLocaleString();
  }
}

export function formatNumber(value: number, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits }).format(
    value,
  );
}

/** A share of a whole as a percentage with one decimal; 0 when the whole is 0. */
export function formatPercent(part: number, whole: number): string {
  const ratio = whole > 0 ? part / whole : 0;
  return new Intl.NumberFormat(undefined, {
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

/** `datetime-local` input value (browser time) for an ISO instant, or '' for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** An ISO instant for a `datetime-local` value (browser time), or null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
