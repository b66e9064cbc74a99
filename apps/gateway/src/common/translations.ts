import {
  unlistedLanguages,
  type LanguageCode,
  type Translated,
} from '@livevote/contracts';
import { ApiException, type ProblemItem } from './api-exception';

/**
 * The write rules of bilingual content (docs/i18n.md, "Meeting content in two languages"),
 * checked where the meeting's `languages` are known: a translations object names only the
 * meeting's languages, translated option labels come one per canonical option, and a PATCH
 * replaces one language's object at a time.
 */

export interface FieldProblem extends ProblemItem {
  path: string;
  message: string;
}

/** Refuses the request with every problem found (400 `validation_failed`, `errors[]`). */
export function refuseProblems(problems: readonly FieldProblem[]): void {
  if (problems.length)
    throw new ApiException(400, 'validation_failed', {}, {}, problems);
}

/** One problem a language the translations name that the meeting does not list. */
export function unlistedLanguageProblems(
  translations: Translated<unknown> | null | undefined,
  languages: readonly LanguageCode[],
  path = 'translations',
): FieldProblem[] {
  return unlistedLanguages(translations, languages).map((language) => ({
    path: `${path}.${language}`,
    message: `Not one of the meeting's languages (${languages.join(', ')}): add it to the meeting's languages first.`,
  }));
}

/**
 * A problem for each language whose translated list (a matter's option labels, the meeting's
 * question categories) is not one per canonical item, in the same order.
 */
export function listLengthProblems<Field extends string>(
  canonical: readonly string[],
  translations: Translated<Record<Field, string[]>> | null | undefined,
  field: Field,
  words: { items: string; item: string },
  path = 'translations',
): FieldProblem[] {
  return Object.entries(translations ?? {}).flatMap(([language, fields]) => {
    const given = (fields as Partial<Record<Field, string[]>> | undefined)?.[
      field
    ];
    return given !== undefined && given.length !== canonical.length
      ? [
          {
            path: `${path}.${language}.${field}`,
            message: `Give ${canonical.length} ${words.items}, one for each ${words.item} in the same order (got ${given.length}).`,
          },
        ]
      : [];
  });
}

/** A problem for each language whose option labels are not one per canonical option. */
export function optionLabelProblems(
  options: readonly string[],
  translations: Translated<{ options: string[] }> | null | undefined,
  path = 'translations',
): FieldProblem[] {
  return listLengthProblems(
    options,
    translations,
    'options',
    { items: 'labels', item: 'option' },
    path,
  );
}

/**
 * The stored translations after a write: each language the body gives replaces the stored
 * object of that language whole, languages not given stay; a language given as `{}` (or with
 * nothing but blank texts) is dropped, so its readers get the canonical texts.
 */
export function mergedTranslations<Fields>(
  current: Translated<Fields> | null | undefined,
  given: Translated<Fields> | null | undefined,
): Translated<Fields> {
  const merged: Translated<Fields> = { ...(current ?? {}) };
  for (const [language, fields] of Object.entries(given ?? {}) as [
    LanguageCode,
    Partial<Fields> | undefined,
  ][]) {
    const kept = withoutBlanks(fields ?? {});
    if (Object.keys(kept).length) merged[language] = kept;
    else delete merged[language];
  }
  return merged;
}

/** The translations of the languages kept (a language removed from a meeting takes its own). */
export function keptLanguages<Fields>(
  translations: Translated<Fields> | null | undefined,
  languages: readonly LanguageCode[],
): Translated<Fields> {
  return Object.fromEntries(
    Object.entries(translations ?? {}).filter(([language]) =>
      languages.includes(language as LanguageCode),
    ),
  ) as Translated<Fields>;
}

/** The fields that say something: a blank text would read as nothing, so it is not kept. */
function withoutBlanks<Fields>(fields: Partial<Fields>): Partial<Fields> {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([, value]) =>
        value !== undefined &&
        value !== null &&
        !(typeof value === 'string' && value.trim() === ''),
    ),
  ) as Partial<Fields>;
}
