import { z } from 'zod';
import { LANGUAGE_CODES, LanguageCode } from './common';

/**
 * Bilingual content (docs/i18n.md, "Meeting content in two languages"): every text a voter
 * reads has a canonical value (the meeting's primary language) and, beside it, a translations
 * object keyed by language code, e.g. `translations: { fr: { name, header } }`. A field left
 * out of a language's object falls back to the canonical text. Only languages the meeting lists
 * in `languages` are accepted (checked where the meeting is known); on PATCH each language's
 * object given replaces the stored one, languages not given stay.
 */

/** A one-line translated text (a name, a location, an option's label): no control characters. */
export function oneLine<T extends z.ZodString>(schema: T) {
  return schema.regex(/^\P{Cc}*$/u, 'No control characters.');
}

/** A translated text of several lines (a description, a statement): no control characters but line breaks and tabs. */
export function lines<T extends z.ZodString>(schema: T) {
  return schema.refine(
    (text) => !/\p{Cc}/u.test(text.replace(/[\n\r\t]/g, '')),
    'No control characters but line breaks.',
  );
}

/** A translations object over the given fields: every field optional, only known languages. */
export function translationsOf<Shape extends z.ZodRawShape>(shape: Shape) {
  const perLanguage = z.strictObject(shape).partial();
  return z.partialRecord(LanguageCode, perLanguage);
}

/** The stored and answered form: language code → the translated fields given for it. */
export type Translated<Fields> = Partial<Record<LanguageCode, Partial<Fields>>>;

/** A meeting's `languages`: ordered, no repeats, the first is the primary. */
export const MeetingLanguages = z
  .array(LanguageCode)
  .min(1)
  .max(LANGUAGE_CODES.length)
  .refine(
    (languages) => new Set(languages).size === languages.length,
    'Each language once.',
  );
export type MeetingLanguages = z.infer<typeof MeetingLanguages>;

/** Where a translations object names a language the meeting does not list (paths for `errors[]`). */
export function unlistedLanguages(
  translations: Translated<unknown> | null | undefined,
  languages: readonly LanguageCode[],
): LanguageCode[] {
  return (Object.keys(translations ?? {}) as LanguageCode[]).filter(
    (language) => !languages.includes(language),
  );
}

/**
 * The text a reader of `language` sees: the translation when there is one that is not blank,
 * else the canonical text (never a key or an empty string in place of a text that exists).
 */
export function translatedText<Fields, Key extends keyof Fields>(
  canonical: Fields,
  translations: Translated<Fields> | null | undefined,
  language: LanguageCode | null | undefined,
  field: Key,
): Fields[Key] {
  const text = language ? translations?.[language]?.[field] : undefined;
  if (typeof text === 'string' && text.trim() === '') return canonical[field];
  return (text ?? canonical[field]) as Fields[Key];
}

/**
 * Translated option labels, one per canonical option: the translation's label where it has
 * one (same order and number as the canonical ones), else the canonical label.
 */
export function translatedOptions(
  options: readonly string[],
  translated: readonly string[] | null | undefined,
): string[] {
  return options.map((option, index) => {
    const label = translated?.[index];
    return label && label.trim() ? label : option;
  });
}

/** The matter texts a voter reads, in one language (docs/i18n.md). */
export function translatedMatterTexts(
  matter: {
    name: string;
    header: string;
    snippet: string;
    options: readonly string[];
    translations: Translated<{
      name: string;
      header: string;
      snippet: string;
      options: string[];
    }>;
  },
  language: LanguageCode | null | undefined,
): { name: string; header: string; snippet: string; optionLabels: string[] } {
  const { translations } = matter;
  return {
    name: translatedText(matter, translations, language, 'name'),
    header: translatedText(matter, translations, language, 'header'),
    snippet: translatedText(matter, translations, language, 'snippet'),
    optionLabels: translatedOptions(
      matter.options,
      language ? translations[language]?.options : undefined,
    ),
  };
}
