import type { Matter } from '@livevote/contracts';
import { isElectionMatter, type Language } from '@livevote/i18n';

const blank = (text: string | null | undefined) => !text?.trim();

/** The matter's texts a voter reads, and what tells whether its options are people's names. */
export type MatterTexts = Pick<
  Matter,
  | 'name'
  | 'header'
  | 'snippet'
  | 'options'
  | 'translations'
  | 'votingMethod'
  | 'choices'
  | 'candidates'
>;

/**
 * An election's options are candidates, named the same in every language: an election by the
 * rules' definition (libs/rules `isElection`), or one built from nominations (docs/elections.md).
 */
const optionsAreNames = (matter: MatterTexts) =>
  isElectionMatter(matter) || matter.candidates.length > 0;

/**
 * The meeting's other languages in which a voter would read some of this matter's text in the
 * primary language: a name, a header or a snippet the primary has and the translation lacks,
 * or an option without its label, unless the options are candidates' names (docs/i18n.md,
 * "Meeting content in two languages").
 */
export function missingTranslations(
  matter: MatterTexts,
  languages: readonly Language[],
): Language[] {
  const names = optionsAreNames(matter);
  return languages.slice(1).filter((language) => {
    const translated = matter.translations[language] ?? {};
    return (
      blank(translated.name) ||
      (!blank(matter.header) && blank(translated.header)) ||
      (!blank(matter.snippet) && blank(translated.snippet)) ||
      (!names &&
        matter.options.some((_, index) => blank(translated.options?.[index])))
    );
  });
}
