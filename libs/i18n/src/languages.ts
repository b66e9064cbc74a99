/**
 * The languages we speak and how one is chosen for a person (docs/i18n.md): the voter's own
 * preference, else what the browser asks for, else the meeting's default.
 */

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The name of each language in itself, for switchers. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
};

/**
 * The Intl locale each language formats dates and numbers with. Canadian French gives the
 * zone its French abbreviation ("18 h 00 HNE"); American English the familiar "6:00 PM EST".
 */
const INTL_LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-CA' };

export function intlLocale(lng: Language): string {
  return INTL_LOCALES[lng];
}

export function isLanguage(value: unknown): value is Language {
  return (
    typeof value === 'string' &&
    (LANGUAGES as readonly string[]).includes(value)
  );
}

/** The language of a tag such as `fr-CA` or `en_US`, or null when we do not speak it. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/**
 * The tags of an `Accept-Language` header, best first (by `q`, then by order); `*` and
 * tags with `q=0` are left out.
 */
export function parseAcceptLanguage(
  header: string | null | undefined,
): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        tag: tag.trim(),
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first of the browser's tags that we speak, or null. */
export function browserLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const lng = languageOfTag(tag);
    if (lng) return lng;
  }
  return null;
}

/**
 * The language for one person: their own preference, else the first browser language we
 * speak (`Accept-Language` or `navigator.languages`), else the meeting's default.
 */
export function chooseLanguage(input: {
  preference?: string | null;
  browser?: readonly string[];
  meeting?: string | null;
}): Language {
  if (isLanguage(input.preference)) return input.preference;
  const fromBrowser = browserLanguage(input.browser ?? []);
  if (fromBrowser) return fromBrowser;
  return isLanguage(input.meeting) ? input.meeting : DEFAULT_LANGUAGE;
}
