import type { Language } from '@livevote/i18n';
import { useTranslation } from 'react-i18next';
import { useLanguageName } from '../../../i18n/content-language';
import {
  missingTranslations,
  type MatterTexts,
} from '../../matters/utils/missing-translations';
import { Alert } from '../../ui/components/Alert';

export interface MissingTranslationWarningProps {
  /** The matter as the REST API gives it, with its translations. */
  matter: MatterTexts;
  /** The meeting's languages, the primary first. */
  languages: readonly Language[];
}

/**
 * Says, before a vote starts, which readers will see the primary language's text because a
 * translation is missing. It warns and never blocks: the vote starts all the same.
 */
export function MissingTranslationWarning({
  matter,
  languages,
}: MissingTranslationWarningProps) {
  const { t } = useTranslation();
  const nameOf = useLanguageName();
  const [primary] = languages;
  const missing = missingTranslations(matter, languages);
  if (!primary || missing.length === 0) return null;
  return (
    <Alert tone="info">
      {missing.map((language) => (
        <p key={language}>
          {t('bilingual.missing', {
            language: nameOf(language),
            primary: nameOf(primary),
          })}
        </p>
      ))}
    </Alert>
  );
}
