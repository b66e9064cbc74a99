import {
  CreateMatterRequest,
  DEFAULT_MATTER_THRESHOLD,
  UpdateMatterRequest,
  type Matter,
  type Threshold,
  type ThresholdBase,
  type ThresholdBasis,
  type VotingMethod,
} from '@livevote/contracts';
import type { Language } from '@livevote/i18n';
import { draftOf } from '../../ui/hooks/useContractForm';

export interface MatterDraft {
  name: string;
  header: string;
  snippet: string;
  /** Who moved and who seconded the motion, for the minutes (docs/report.md); may be blank. */
  movedBy: string;
  secondedBy: string;
  /** One option a line. */
  options: string;
  choices: string;
  /** How ballots are marked and counted (docs/elections.md). */
  votingMethod: VotingMethod;
  /** Member tags, comma-separated; "all" for every eligible member. */
  eligibility: string;
  allowProxyVote: boolean;
  /** Per-option results stay hidden until the vote closes. */
  secretBallot: boolean;
  /** Close the vote as soon as every eligible member has voted. */
  autoCloseWhenAllVoted: boolean;
  /** The published count shows each receipt's choices (docs/verifiability.md). */
  openVerification: boolean;
  /** The majority rule (docs/verdicts.md). */
  threshold: Threshold;
  thresholdBasis: ThresholdBasis;
  thresholdBase: ThresholdBase;
  /** The meeting's second language, whose texts `translation` holds; '' for none. */
  translationLanguage: Language | '';
  /** The texts in that language; blank ones fall back to the canonical (docs/i18n.md). */
  translation: MatterTranslationDraft;
}

export interface MatterTranslationDraft {
  name: string;
  header: string;
  snippet: string;
  /** One label per canonical option, by position. */
  options: string[];
}

const NO_TRANSLATION: MatterTranslationDraft = {
  name: '',
  header: '',
  snippet: '',
  options: [],
};

export const EMPTY_MATTER: MatterDraft = {
  name: '',
  header: '',
  snippet: '',
  movedBy: '',
  secondedBy: '',
  options: 'For\nAgainst\nAbstain',
  choices: '1',
  votingMethod: 'plurality',
  eligibility: 'all',
  allowProxyVote: true,
  secretBallot: true,
  autoCloseWhenAllVoted: false,
  openVerification: false,
  threshold: DEFAULT_MATTER_THRESHOLD,
  thresholdBasis: 'shares',
  thresholdBase: 'cast',
  translationLanguage: '',
  translation: NO_TRANSLATION,
};

/** A new matter's draft for a meeting in these languages (the primary first). */
export function emptyMatter(languages: readonly Language[]): MatterDraft {
  return { ...EMPTY_MATTER, translationLanguage: languages[1] ?? '' };
}

export function draftOfMatter(
  matter: Matter,
  languages: readonly Language[] = [],
): MatterDraft {
  const other = languages[1];
  const translated = (other && matter.translations[other]) || {};
  return {
    name: matter.name,
    header: matter.header,
    snippet: matter.snippet,
    movedBy: matter.movedBy ?? '',
    secondedBy: matter.secondedBy ?? '',
    options: matter.options.join('\n'),
    choices: String(matter.choices),
    votingMethod: matter.votingMethod,
    eligibility: matter.eligibility.join(', '),
    allowProxyVote: matter.allowProxyVote,
    secretBallot: matter.secretBallot,
    autoCloseWhenAllVoted: matter.autoCloseWhenAllVoted,
    openVerification: matter.openVerification,
    threshold: matter.threshold,
    thresholdBasis: matter.thresholdBasis,
    thresholdBase: matter.thresholdBase,
    translationLanguage: other ?? '',
    translation: {
      name: translated.name ?? '',
      header: translated.header ?? '',
      snippet: translated.snippet ?? '',
      options: matter.options.map(
        (_, index) => translated.options?.[index] ?? '',
      ),
    },
  };
}

/**
 * The second language's texts as the contract takes them: blank texts left out, so they fall
 * back to the canonical; option labels only when at least one is given, one per canonical
 * option, a blank one taking the canonical label (the contract wants the same number).
 */
function translationsOf(draft: MatterDraft, options: string[]) {
  const language = draft.translationLanguage;
  if (!language) return undefined;
  const { name, header, snippet } = draft.translation;
  const labels = options.map(
    (option, index) => draft.translation.options[index]?.trim() || option,
  );
  const anyLabel = options.some((_, index) =>
    draft.translation.options[index]?.trim(),
  );
  return {
    [language]: {
      ...(name.trim() && { name }),
      ...(header.trim() && { header }),
      ...(snippet.trim() && { snippet }),
      ...(anyLabel && { options: labels }),
    },
  };
}

/** The request fields of a draft (not yet validated). */
export function matterFields(draft: MatterDraft) {
  const split = (text: string, separator: RegExp) =>
    text
      .split(separator)
      .map((item) => item.trim())
      .filter(Boolean);
  const options = split(draft.options, /\n/);
  return {
    name: draft.name,
    header: draft.header,
    snippet: draft.snippet,
    // blank is "nobody named": null clears it
    movedBy: draft.movedBy.trim() || null,
    secondedBy: draft.secondedBy.trim() || null,
    options,
    translations: translationsOf(draft, options),
    choices: Number(draft.choices),
    votingMethod: draft.votingMethod,
    eligibility: split(draft.eligibility, /,/),
    allowProxyVote: draft.allowProxyVote,
    secretBallot: draft.secretBallot,
    autoCloseWhenAllVoted: draft.autoCloseWhenAllVoted,
    openVerification: draft.openVerification,
    // a cumulative or ranked election has no threshold: the contract refuses one
    ...(draft.votingMethod === 'plurality'
      ? { threshold: draft.threshold, thresholdBase: draft.thresholdBase }
      : {}),
    thresholdBasis: draft.thresholdBasis,
  };
}

/** A new matter's draft, checked as `POST .../matters` checks it. */
export const newMatter = draftOf(CreateMatterRequest, matterFields);

/** A matter's draft after a change, checked as `PATCH .../matters/:matterKey` checks it. */
export const matterChange = draftOf(UpdateMatterRequest, matterFields);
