import { describe, expect, it } from 'vitest';
import {
  formatInZone,
  formatNumber,
  formatPercent,
  fromZonedInput,
  knownZone,
  toZonedInput,
  zoneAbbreviation,
} from './zoned-time';

const TORONTO = 'America/Toronto';

describe('formatInZone', () => {
  it.each([
    // a winter evening in Toronto: the "6:00 PM EST" beside an 11:00 PM form
    ['2026-01-15T23:00:00Z', TORONTO, 'en', 'time', '6:00 PM EST'],
    ['2026-01-15T23:00:00Z', TORONTO, 'fr', 'time', '18 h 00 HNE'],
    [
      '2026-01-15T23:00:00Z',
      TORONTO,
      'en',
      'dateTime',
      'Jan 15, 2026, 6:00 PM EST',
    ],
    [
      '2026-01-15T23:00:00Z',
      TORONTO,
      'fr',
      'dateTime',
      '15 janv. 2026, 18 h 00 HNE',
    ],
    [
      '2026-01-15T23:00:00Z',
      TORONTO,
      'en',
      'long',
      'Thursday, January 15, 2026 at 6:00 PM EST',
    ],
    [
      '2026-01-15T23:00:00Z',
      TORONTO,
      'fr',
      'long',
      'jeudi 15 janvier 2026 à 18 h 00 HNE',
    ],
    ['2026-01-15T23:00:05Z', TORONTO, 'en', 'timeSeconds', '6:00:05 PM EST'],
    [
      '2026-01-15T23:00:05Z',
      TORONTO,
      'fr',
      'timeSeconds',
      '18 h 00 min 05 s HNE',
    ],
    // the same instant in summer time
    ['2026-07-15T22:00:00Z', TORONTO, 'en', 'time', '6:00 PM EDT'],
    ['2026-07-15T22:00:00Z', TORONTO, 'fr', 'time', '18 h 00 HAE'],
    // the date is the meeting's, not UTC's: 23:00 UTC is still the 15th in Toronto
    ['2026-01-16T03:00:00Z', TORONTO, 'en', 'date', 'Jan 15, 2026'],
    ['2026-01-16T03:00:00Z', TORONTO, 'fr', 'date', '15 janv. 2026'],
    ['2026-01-15T23:00:00Z', 'UTC', 'en', 'time', '11:00 PM UTC'],
    ['2026-01-15T23:00:00Z', 'UTC', 'fr', 'time', '23 h 00 UTC'],
    ['2026-01-15T23:00:00Z', 'Europe/Paris', 'en', 'time', '12:00 AM GMT+1'],
    ['2026-01-15T23:00:00Z', 'Europe/Paris', 'fr', 'time', '00 h 00 UTC+1'],
    // a zone this runtime does not know falls back to UTC, still labelled
    ['2026-01-15T23:00:00Z', 'Mars/Olympus', 'en', 'time', '11:00 PM UTC'],
  ] as const)('%s in %s (%s, %s) is "%s"', (iso, zone, lng, style, text) => {
    expect(formatInZone(iso, zone, lng, style)).toBe(text);
  });

  it('says nothing of a missing or bad instant', () => {
    expect(formatInZone(null, TORONTO, 'en')).toBe('');
    expect(formatInZone('', TORONTO, 'en')).toBe('');
    expect(formatInZone('not a date', TORONTO, 'fr')).toBe('');
  });

  it('takes a Date and milliseconds as well as ISO text', () => {
    const ms = Date.parse('2026-01-15T23:00:00Z');
    expect(formatInZone(new Date(ms), TORONTO, 'en', 'time')).toBe(
      '6:00 PM EST',
    );
    expect(formatInZone(ms, TORONTO, 'en', 'time')).toBe('6:00 PM EST');
  });
});

describe('zoneAbbreviation', () => {
  it.each([
    ['2026-03-08T06:59:59Z', 'en', 'EST'],
    ['2026-03-08T07:00:00Z', 'en', 'EDT'],
    ['2026-03-08T06:59:59Z', 'fr', 'HNE'],
    ['2026-03-08T07:00:00Z', 'fr', 'HAE'],
  ] as const)('names Toronto at %s in %s %s', (iso, lng, name) => {
    expect(zoneAbbreviation(iso, TORONTO, lng)).toBe(name);
  });
});

describe('toZonedInput and fromZonedInput', () => {
  it.each([
    // winter and summer
    ['2026-01-15T23:00:00.000Z', TORONTO, '2026-01-15T18:00'],
    ['2026-07-15T22:00:00.000Z', TORONTO, '2026-07-15T18:00'],
    ['2026-01-15T23:00:00.000Z', 'UTC', '2026-01-15T23:00'],
    ['2026-01-15T23:00:00.000Z', 'Asia/Kolkata', '2026-01-16T04:30'],
    // either side of Toronto's spring change (2026-03-08 02:00 EST -> 03:00 EDT)
    ['2026-03-08T06:59:00.000Z', TORONTO, '2026-03-08T01:59'],
    ['2026-03-08T07:00:00.000Z', TORONTO, '2026-03-08T03:00'],
  ] as const)('shows %s in %s as %s and reads it back', (iso, zone, input) => {
    expect(toZonedInput(iso, zone)).toBe(input);
    expect(fromZonedInput(input, zone)).toBe(iso);
  });

  it('reads a wall time that never happens with the offset before the change', () => {
    // 02:30 on the spring morning does not exist in Toronto: it is 03:30 EDT
    expect(fromZonedInput('2026-03-08T02:30', TORONTO)).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('reads a wall time that happens twice as the first of them', () => {
    // 01:30 on the autumn morning happens in EDT and again in EST
    expect(fromZonedInput('2026-11-01T01:30', TORONTO)).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    // Paris goes back at 03:00 CEST: 02:30 is first in CEST
    expect(fromZonedInput('2026-10-25T02:30', 'Europe/Paris')).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('refuses what is not a datetime-local value', () => {
    expect(fromZonedInput('', TORONTO)).toBeNull();
    expect(fromZonedInput('2026-02-30T10:00', TORONTO)).toBeNull();
    expect(fromZonedInput('tomorrow', TORONTO)).toBeNull();
    expect(toZonedInput(null, TORONTO)).toBe('');
    expect(toZonedInput('nonsense', TORONTO)).toBe('');
  });

  it('does not depend on the zone of the machine it runs on', () => {
    // the console used to read inputs in the browser's zone: 11:00 PM beside 6:00 PM EST
    const iso = fromZonedInput('2026-12-01T18:00', TORONTO);
    expect(iso).toBe('2026-12-01T23:00:00.000Z');
    expect(formatInZone(iso, TORONTO, 'en', 'time')).toBe('6:00 PM EST');
  });
});

describe('knownZone', () => {
  it('keeps a zone the runtime knows and falls back to UTC', () => {
    expect(knownZone(TORONTO)).toBe(TORONTO);
    expect(knownZone('Not/AZone')).toBe('UTC');
    expect(knownZone(undefined)).toBe('UTC');
  });
});

describe('numbers', () => {
  it.each([
    [1234.5, 'en', '1,234.5'],
    [1234.5, 'fr', '1 234,5'],
  ] as const)('writes %s in %s as %s', (value, lng, text) => {
    expect(formatNumber(value, lng)).toBe(text);
  });

  it.each([
    [782, 1000, 'en', '78.2%'],
    [782, 1000, 'fr', '78,2 %'],
    [2, 3, 'en', '66.7%'],
    [3, 5, 'en', '60%'],
    [3, 5, 'fr', '60 %'],
    [1, 1, 'fr', '100 %'],
    [0, 0, 'fr', '–'],
  ] as const)('writes %s of %s in %s as %s', (part, whole, lng, text) => {
    expect(formatPercent(part, whole, lng)).toBe(text);
  });
});
