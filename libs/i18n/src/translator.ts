import i18next, { type InitOptions } from 'i18next';
import { resources } from './catalogs';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

/** A `t` bound to one language; keys are dotted paths into the catalogs. */
export type Translate = (
  key: string,
  options?: Record<string, unknown>,
) => string;

/**
 * The i18next options both apps start from: the bundled catalogs, English as the fallback,
 * no HTML escaping (React escapes, and mail and PDF code escape where they build HTML).
 */
export function i18nOptions(lng: Language = DEFAULT_LANGUAGE): InitOptions {
  return {
    resources,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  };
}

let shared: typeof i18next | null = null;

/** One i18next instance for the server side, made on first use. */
function instance(): typeof i18next {
  if (!shared) {
    shared = i18next.createInstance();
    void shared.init(i18nOptions());
  }
  return shared;
}

/** A translator for one language (the gateway's mails, calendar and report). */
export function translator(lng: Language): Translate {
  // i18next's own TFunction types keys against a declared catalog; ours are plain strings.
  return instance().getFixedT(lng) as unknown as Translate;
}
