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
}

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
};

export function draftOfMatter(matter: Matter): MatterDraft {
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
  };
}

/** The request fields of a draft (not yet validated). */
export function matterFields(draft: MatterDraft) {
  const split = (text: string, separator: RegExp) =>
    text
      .split(separator)
      .map((item) => item.trim())
      .filter(Boolean);
  return {
    name: draft.name,
    header: draft.header,
    snippet: draft.snippet,
    // blank is "nobody named": null clears it
    movedBy: draft.movedBy.trim() || null,
    secondedBy: draft.secondedBy.trim() || null,
    options: split(draft.options, /\n/),
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
