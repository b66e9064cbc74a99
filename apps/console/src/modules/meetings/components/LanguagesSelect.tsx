import { isLanguage, LANGUAGES, type Language } from '@livevote/i18n';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageName } from '../../../i18n/content-language';

/** A meeting's `languages` as the select holds them: the codes joined, primary first ("fr,en"). */
export type LanguagesChoice = string;

export function choiceOfLanguages(
  languages: readonly Language[],
): LanguagesChoice {
  return languages.join(',');
}

export function languagesOfChoice(choice: LanguagesChoice): Language[] {
  const languages = choice.split(',').filter(isLanguage);
  return languages.length > 0 ? languages : ['en'];
}

/** Every choice: each language alone, then each order of two. */
const CHOICES: Language[][] = [
  ...LANGUAGES.map((language) => [language]),
  ...LANGUAGES.flatMap((primary) =>
    LANGUAGES.filter((other) => other !== primary).map((other) => [
      primary,
      other,
    ]),
  ),
];

const capitalized = (text: string) =>
  text.charAt(0).toLocaleUpperCase() + text.slice(1);

interface LanguagesSelectProps extends ComponentPropsWithoutRef<'select'> {
  id: string;
  hintId: string;
}

/**
 * The meeting's content languages: one, or two with the primary first (docs/i18n.md). The
 * primary's texts are the canonical ones; the primary is also the meeting's `language`.
 */
export const LanguagesSelect = forwardRef<
  HTMLSelectElement,
  LanguagesSelectProps
>(function LanguagesSelect({ id, hintId, ...select }, ref) {
  const { t } = useTranslation();
  const nameOf = useLanguageName();
  return (
    <div className="field">
      <label htmlFor={id}>{t('bilingual.languages')}</label>
      <select ref={ref} id={id} {...select}>
        {CHOICES.map(([primary, other]) => (
          <option
            key={choiceOfLanguages([primary!, ...(other ? [other] : [])])}
            value={choiceOfLanguages([primary!, ...(other ? [other] : [])])}
          >
            {capitalized(
              other
                ? t('bilingual.pair', {
                    primary: nameOf(primary!),
                    other: nameOf(other),
                  })
                : t('bilingual.one', { primary: nameOf(primary!) }),
            )}
          </option>
        ))}
      </select>
      <p className="hint" id={hintId}>
        {t('bilingual.languagesHint')}
      </p>
    </div>
  );
});
