import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@livevote/i18n';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { storeLanguage } from './i18n';
import { useLanguage } from './use-language';

/**
 * A choice of language. Without `onChange` it is the console's and the screen's (kept in this
 * browser); the portal passes one that also saves the voter's preference.
 */
export function LanguageSwitcher({
  onChange,
}: {
  onChange?: (lng: Language) => void;
}) {
  const id = useId();
  const { t, i18n } = useTranslation();
  const current = useLanguage();

  function choose(lng: Language) {
    if (onChange) onChange(lng);
    else storeLanguage(lng);
    void i18n.changeLanguage(lng);
  }

  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => choose(event.target.value as Language)}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
