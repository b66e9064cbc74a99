import {
  chooseLanguage,
  formatInZone,
  formatNumber,
  isLanguage,
  type DateStyle,
  type Instant,
  type Language,
} from '@livevote/i18n';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { browserLanguages, storedLanguage } from './i18n';
import { useMeetingZone } from './meeting-zone';

/** The language the console shows now. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : isLanguage(i18n.language)
      ? i18n.language
      : 'en';
}

/**
 * Instants in the meeting's zone, labelled, in the console's language: every date and time a
 * person reads goes through here (docs/i18n.md).
 */
export function useZonedTime(
  timeZone?: string | null,
): (instant: Instant | null | undefined, style?: DateStyle) => string {
  const lng = useLanguage();
  const meetingZone = useMeetingZone();
  const zone = timeZone ?? meetingZone;
  return useCallback(
    (instant, style = 'dateTime') => formatInZone(instant, zone, lng, style),
    [lng, zone],
  );
}

/** Numbers in the console's language. */
export function useNumber(): (
  value: number,
  maximumFractionDigits?: number,
) => string {
  const lng = useLanguage();
  return useCallback(
    (value, digits = 2) => formatNumber(value, lng, digits),
    [lng],
  );
}

/**
 * Follows a page's own choice of language: a voter's preference (portal) or the switcher's
 * (screen), else the browser's, else the meeting's default.
 */
export function useChosenLanguage(input: {
  preference?: string | null;
  meeting?: string | null;
}): void {
  const { i18n } = useTranslation();
  const { preference, meeting } = input;
  useEffect(() => {
    const lng = chooseLanguage({
      preference: preference ?? storedLanguage(),
      browser: browserLanguages(),
      meeting,
    });
    if (i18n.language !== lng) void i18n.changeLanguage(lng);
  }, [i18n, preference, meeting]);
}
