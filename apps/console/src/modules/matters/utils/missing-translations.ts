import type { Matter } from '@livevote/contracts';
import type { Language } from '@livevote/i18n';

const blank = (text: string | null | undefined) => !text?.trim();

/**
 * The meeting's other languages in which a voter would read some of this matter's text in the
 * primary language: a name, a header or a snippet the primary has and the translation lacks,
 * or an option without its label (docs/i18n.md, "Meeting content in two languages").
 */
export function missingTranslations(
  matter: Pick<
    Matter,
    'name' | 'header' | 'snippet' | 'options' | 'translations'
  >,
  languages: readonly Language[],
): Language[] {
  return languages.slice(1).filter((language) => {
    const translated = matter.translations[language] ?? {};
    return (
      blank(translated.name) ||
      (!blank(matter.header) && blank(translated.header)) ||
      (!blank(matter.snippet) && blank(translated.snippet)) ||
      matter.options.some((_, index) => blank(translated.options?.[index]))
    );
  });
}
