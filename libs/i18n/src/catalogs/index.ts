import type { Language } from '../languages';
import { en } from './en';
import { fr } from './fr';

export { en, fr };
export { catalogKeys, type CatalogOf } from './catalog';

/** Every catalog by language, in i18next's resource shape (one namespace, `translation`). */
export const resources: Record<Language, { translation: object }> = {
  en: { translation: en },
  fr: { translation: fr },
};
