import {
  translatedMatterTexts,
  translatedText,
  type LanguageCode,
  type LiveMatter,
  type LiveSnapshot,
} from '@livevote/contracts';

type ScreenMeeting = Pick<
  LiveSnapshot['meeting'],
  'name' | 'languages' | 'translations' | 'displayLanguages'
>;

/** The languages a screen shows the meeting's texts in (docs/i18n.md, "The report and the big screen"). */
export function screenLanguages(
  meeting:
    Pick<ScreenMeeting, 'languages' | 'displayLanguages'> | null | undefined,
  reader: LanguageCode,
): LanguageCode[] {
  if (meeting?.displayLanguages === 'all' && meeting.languages.length > 1)
    return [...meeting.languages];
  return [reader];
}

/** Each different text once, the primary first: "Approve the budget / Approuver le budget". */
function joined(texts: readonly string[]): string {
  return [...new Set(texts.filter((text) => text.trim()))].join(' / ');
}

/** A matter's name, header and option labels as the screen shows them, in `languages`. */
export function screenMatterTexts(
  matter: LiveMatter,
  languages: readonly LanguageCode[],
): { name: string; header: string; optionLabels: string[] } {
  const each = languages.map((language) =>
    translatedMatterTexts(matter, language),
  );
  return {
    name: joined(each.map((texts) => texts.name)),
    header: joined(each.map((texts) => texts.header)),
    optionLabels: matter.options.map((_, index) =>
      joined(each.map((texts) => texts.optionLabels[index] ?? '')),
    ),
  };
}

/** The meeting's name as the screen shows it, in `languages`. */
export function screenMeetingName(
  meeting: Pick<ScreenMeeting, 'name' | 'translations'>,
  languages: readonly LanguageCode[],
): string {
  return joined(
    languages.map((language) =>
      translatedText(meeting, meeting.translations, language, 'name'),
    ),
  );
}
