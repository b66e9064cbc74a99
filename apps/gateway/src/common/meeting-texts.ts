import {
  translatedOptions,
  translatedText,
  type Translated,
} from '@livevote/contracts';
import type { Language } from '@livevote/i18n';

/**
 * The meeting's own content in a reader's language (docs/i18n.md, "Meeting content in two
 * languages"): a translation that is there and not blank, else the canonical text. Never a key
 * or an empty string where the canonical text exists.
 */

export type MeetingTextFields = {
  name: string;
  description: string;
  location: string;
};

export type MatterTextFields = {
  name: string;
  header: string;
  snippet: string;
  options: string[];
};

/**
 * A text of `translations[lng]`, else `canonical`: the contracts' `translatedText` (the one
 * rule, shared with the console) for a caller that holds the canonical text alone.
 */
export function textIn<Fields extends object, Key extends keyof Fields>(
  canonical: string,
  translations: Translated<Fields> | null | undefined,
  lng: Language | null | undefined,
  field: Key,
): string {
  const text = translatedText(
    { [field]: canonical } as Fields,
    translations,
    lng,
    field,
  );
  return typeof text === 'string' ? text : canonical;
}

/** A meeting's name, description and location in `lng`, the rest as it is. */
export function meetingIn<
  Meeting extends Partial<MeetingTextFields> & {
    translations?: Translated<MeetingTextFields> | null;
  },
>(meeting: Meeting, lng: Language): Meeting {
  const out = { ...meeting };
  for (const field of ['name', 'description', 'location'] as const) {
    const canonical = meeting[field];
    if (typeof canonical === 'string')
      out[field] = textIn(
        canonical,
        meeting.translations,
        lng,
        field,
      ) as Meeting[typeof field];
  }
  return out;
}

export interface MatterTexts {
  name: string;
  options: readonly string[];
  translations?: Translated<MatterTextFields> | null;
}

/** How a reader of `lng` sees a matter: its name and a label for each canonical option. */
export interface MatterInLanguage {
  name: string;
  /** One label per canonical option, in the canonical order. */
  labels: string[];
  /** The label of a canonical option (ballots always name canonical options). */
  label(option: string): string;
}

export function matterIn(matter: MatterTexts, lng: Language): MatterInLanguage {
  const labels = translatedOptions(
    matter.options,
    matter.translations?.[lng]?.options,
  );
  const byOption = new Map(matter.options.map((o, i) => [o, labels[i]]));
  return {
    name: textIn(matter.name, matter.translations, lng, 'name'),
    labels,
    label: (option) => byOption.get(option) ?? option,
  };
}

/** What the report and the big screen show (docs/i18n.md, "The report and the big screen"). */
export type DisplayLanguages = 'primary' | 'all';

/**
 * A text as the report or the screen shows it: in `lng` (`primary`), or in every language of
 * the meeting, the primary first, each different text once, joined by " / " (`all`):
 * "Budget / Budget 2027". `textOf` gives a language's text with its fallback.
 */
export function shownText(
  display: { mode: DisplayLanguages; languages: readonly Language[] },
  lng: Language,
  textOf: (language: Language) => string,
): string {
  if (display.mode !== 'all') return textOf(lng);
  const texts: string[] = [];
  for (const language of display.languages) {
    const text = textOf(language);
    if (text && !texts.includes(text)) texts.push(text);
  }
  return texts.length ? texts.join(' / ') : textOf(lng);
}

/** A matter's name and option labels as the report or the screen shows them. */
export function matterShown(
  matter: MatterTexts,
  display: { mode: DisplayLanguages; languages: readonly Language[] },
  lng: Language,
): MatterInLanguage {
  const by = new Map<Language, MatterInLanguage>();
  const inLanguage = (language: Language) => {
    let texts = by.get(language);
    if (!texts) by.set(language, (texts = matterIn(matter, language)));
    return texts;
  };
  const labels = matter.options.map((_, index) =>
    shownText(display, lng, (language) => inLanguage(language).labels[index]),
  );
  const byOption = new Map(matter.options.map((o, i) => [o, labels[i]]));
  return {
    name: shownText(display, lng, (language) => inLanguage(language).name),
    labels,
    label: (option) => byOption.get(option) ?? option,
  };
}
