import { isLanguage, type Language } from '@livevote/i18n';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A language's name inside a sentence, in the console's language ("French", « français »). */
export function useLanguageName(): (language: Language) => string {
  const { t } = useTranslation();
  return useCallback(
    (language: Language) => t(`bilingual.name.${language}`),
    [t],
  );
}

/** A meeting's content languages, the primary first; its `language` alone before there were two. */
export function contentLanguages(meeting: {
  language: string;
  languages?: readonly string[] | null;
}): Language[] {
  const listed = (meeting.languages ?? []).filter(isLanguage);
  if (listed.length > 0) return listed;
  return [isLanguage(meeting.language) ? meeting.language : 'en'];
}

/** The meeting's second language, whose texts the forms edit beside the canonical ones. */
export function translationLanguage(
  languages: readonly Language[],
): Language | undefined {
  return languages[1];
}
