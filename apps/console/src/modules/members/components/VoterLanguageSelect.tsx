import {
  LANGUAGES,
  LANGUAGE_NAMES,
  isLanguage,
  type Language,
} from '@livevote/i18n';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A voter's `language` as the select holds it: '' for the automatic choice (null). */
export type VoterLanguageDraft = Language | '';

export const voterLanguageOf = (draft: VoterLanguageDraft): Language | null =>
  isLanguage(draft) ? draft : null;

/**
 * The language a voter reads the portal and mail in (docs/i18n.md, "Which language"): each
 * language by its own name, or automatic (the browser's, else the meeting's).
 */
export const VoterLanguageSelect = forwardRef<
  HTMLSelectElement,
  ComponentPropsWithoutRef<'select'> & { id: string }
>(function VoterLanguageSelect({ id, ...select }, ref) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t('bilingual.voterLanguage')}</label>
      <select ref={ref} id={id} {...select}>
        <option value="">{t('bilingual.voterLanguageAuto')}</option>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
});
