import {
  translatedMatterTexts,
  translatedText,
  type LanguageCode,
  type LiveMatter,
  type PortalMeeting,
} from '@livevote/contracts';

type PortalMatter = PortalMeeting['matters'][number];

/**
 * A live matter's texts in the reader's language: the live channel carries the canonical
 * texts and every translation (one payload for the room), the reader picks its own, falling
 * back to the canonical text where one is missing (docs/i18n.md).
 */
export function inLanguage(
  state: LiveMatter,
  language: LanguageCode,
): LiveMatter & { optionLabels: string[] } {
  return {
    ...state,
    ...translatedMatterTexts(state, language),
    candidates: state.candidates.map((candidate) => ({
      ...candidate,
      statement: translatedText(
        candidate,
        candidate.translations,
        language,
        'statement',
      ),
    })),
  };
}

/**
 * The voter's matters: eligibility and proxy rules from the portal API, live state from
 * the live channel (newer), its texts in `language`. `missing` lists live matters the portal
 * answer did not have.
 */
export function mergeMatters(
  portalMatters: readonly PortalMatter[],
  live: readonly LiveMatter[],
  language: LanguageCode,
): { matters: PortalMatter[]; missing: string[] } {
  if (live.length === 0) return { matters: [...portalMatters], missing: [] };
  const byKey = new Map(portalMatters.map((m) => [m.matterKey, m]));
  const matters: PortalMatter[] = [];
  const missing: string[] = [];
  for (const state of live) {
    const known = byKey.get(state.matterKey);
    if (known) matters.push({ ...known, ...inLanguage(state, language) });
    else missing.push(state.matterKey);
  }
  return { matters, missing };
}
