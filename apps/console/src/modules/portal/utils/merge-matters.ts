import {
  translatedMatterTexts,
  translatedText,
  type LanguageCode,
  type LiveMatter,
  type PortalMeeting,
} from '@livevote/contracts';

type PortalMatter = PortalMeeting['matters'][number];

/**
 * The voter's matters: eligibility and proxy rules from the portal API, live state from
 * the live channel (newer). `missing` lists live matters the portal answer did not have.
 * The live channel sends every language's texts (docs/i18n.md): they are read in
 * `language`, the portal answer's, so a live update keeps the voter's language.
 */
export function mergeMatters(
  portalMatters: readonly PortalMatter[],
  live: readonly LiveMatter[],
  language?: LanguageCode,
): { matters: PortalMatter[]; missing: string[] } {
  if (live.length === 0) return { matters: [...portalMatters], missing: [] };
  const byKey = new Map(portalMatters.map((m) => [m.matterKey, m]));
  const matters: PortalMatter[] = [];
  const missing: string[] = [];
  for (const state of live) {
    const known = byKey.get(state.matterKey);
    if (known)
      matters.push({
        ...known,
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
      });
    else missing.push(state.matterKey);
  }
  return { matters, missing };
}
