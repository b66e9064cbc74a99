import { intlLocale, type Language } from './languages';

/**
 * Dates and times for people: always in the meeting's IANA time zone and always labelled
 * with it ("Jan 15, 2026, 6:00 PM EST", "15 janv. 2026, 18 h 00 HNE"), never in the reader's
 * own zone, so a chair, a screen and a voter's phone show the same clock (docs/i18n.md).
 */

export type Instant = Date | string | number;

const UTC = 'UTC';

/** The zone itself when this runtime knows it, else UTC (a stale tz database, a typo). */
export function knownZone(timeZone: string | null | undefined): string {
  if (!timeZone) return UTC;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return UTC;
  }
}

function toDate(instant: Instant): Date | null {
  const date = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ICU puts narrow and thin spaces around times and in "18 h 00"; plain text (mail, CSV,
// PDF fonts, tests) shows them poorly, so they become plain spaces everywhere.
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u2009\u00a0]/g, ' ');
}

const STYLES = {
  /** "Jan 15, 2026, 6:00 PM EST" */
  dateTime: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  /** "Thursday, January 15, 2026 at 6:00 PM EST" */
  long: {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  /** "Jan 15, 2026, 6:00:05 PM EST" */
  dateTimeSeconds: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  },
  /** "6:00 PM EST" */
  time: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** "6:00:05 PM EST" */
  timeSeconds: {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  },
  /** "Jan 15, 2026" (a date has no zone label; its day is the meeting's) */
  date: { year: 'numeric', month: 'short', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

/**
 * An instant in the meeting's zone, labelled, in `lng`; '' for a missing or bad instant.
 */
export function formatInZone(
  instant: Instant | null | undefined,
  timeZone: string | null | undefined,
  lng: Language,
  style: DateStyle = 'dateTime',
): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const date = toDate(instant);
  if (!date) return '';
  return plainSpaces(
    new Intl.DateTimeFormat(intlLocale(lng), {
      ...STYLES[style],
      timeZone: knownZone(timeZone),
    }).format(date),
  );
}

/** The zone's short name at that instant: "EST", "EDT", "HNE", "UTC", "GMT+1". */
export function zoneAbbreviation(
  instant: Instant,
  timeZone: string | null | undefined,
  lng: Language,
): string {
  const date = toDate(instant) ?? new Date(0);
  const part = new Intl.DateTimeFormat(intlLocale(lng), {
    timeZone: knownZone(timeZone),
    timeZoneName: 'short',
  })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return plainSpaces(part?.value ?? knownZone(timeZone));
}

const wallClock = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClock.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClock.set(timeZone, format);
  }
  return format;
}

/** The wall clock in the zone at an instant, read as if it were UTC (milliseconds). */
function wallAsUtc(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
}

/** The zone's offset from UTC at an instant, in milliseconds (EST: -5 h). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtc(whole, timeZone) - whole;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The value of a `datetime-local` input ("2026-01-15T18:00") showing an instant on the
 * meeting's wall clock, or '' for none.
 */
export function toZonedInput(
  instant: Instant | null | undefined,
  timeZone: string | null | undefined,
): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const date = toDate(instant);
  if (!date) return '';
  const wall = new Date(wallAsUtc(date.getTime(), knownZone(timeZone)));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(
    wall.getUTCDate(),
  )}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The ISO instant a `datetime-local` value means on the meeting's wall clock, or null when
 * empty or malformed. A time that happens twice (clocks go back) is the first; a time that
 * never happens (clocks go forward) is read with the offset before the change, so 2:30 on
 * the spring morning in Toronto is 3:30 EDT (as Temporal's `compatible`).
 */
export function fromZonedInput(
  value: string,
  timeZone: string | null | undefined,
): string | null {
  const match = INPUT.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  const zone = knownZone(timeZone);
  const day = 24 * 3600 * 1000;
  const before = offsetAt(wall - day, zone);
  const after = offsetAt(wall + day, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((ms) => wallAsUtc(ms, zone) === wall)
    .sort((a, b) => a - b);
  const ms = candidates[0] ?? wall - before;
  return new Date(ms).toISOString();
}

/** Number formats by language and decimals: building one costs far more than using it. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number for people in `lng` ("1,234.5", "1 234,5"). */
export function formatNumber(
  value: number,
  lng: Language,
  maximumFractionDigits = 2,
): string {
  const key = `${lng}:${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(lng), { maximumFractionDigits });
    numberFormats.set(key, format);
  }
  return plainSpaces(format.format(value));
}

/**
 * part / whole as a percentage to at most one decimal, as each language writes it ("78.2%",
 * "60%"; "78,2 %", "60 %"), or "–" of nothing.
 */
export function formatPercent(
  part: number,
  whole: number,
  lng: Language,
): string {
  if (!(whole > 0)) return '–';
  return plainSpaces(
    new Intl.NumberFormat(intlLocale(lng), {
      style: 'percent',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }).format(part / whole),
  );
}
