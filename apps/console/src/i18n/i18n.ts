import {
  chooseLanguage,
  i18nOptions,
  isLanguage,
  type Language,
} from '@livevote/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The console's one i18next instance, on the catalogs of libs/i18n (docs/i18n.md). It starts
 * in the language this browser chose before, else the browser's own.
 */

const STORAGE_KEY = 'livevote.language';

/** The language this browser's person picked in a switcher, if any. */
export function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage refused (private mode, sandboxed frame)
  }
}

export function storeLanguage(lng: Language | null): void {
  try {
    if (lng) window.localStorage.setItem(STORAGE_KEY, lng);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // the choice then lasts for this page only
  }
}

/** `navigator.languages`, best first. */
export function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length
    ? [...navigator.languages]
    : [navigator.language].filter(Boolean);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init(
  i18nOptions(
    chooseLanguage({
      preference: storedLanguage(),
      browser: browserLanguages(),
    }),
  ),
);

function markDocument(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
markDocument(i18n.language);
i18n.on('languageChanged', markDocument);
