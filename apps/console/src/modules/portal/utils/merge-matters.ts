import type { LiveMatter, PortalMeeting } from '@livevote/contracts';

type PortalMatter = PortalMeeting['matters'][number];

/**
 * The voter's matters: eligibility and proxy rules from the portal API, live state from
 * the live channel (newer). `missing` lists live matters the portal answer did not have.
 */
export function mergeMatters(
  portalMatters: readonly PortalMatter[],
  live: readonly LiveMatter[],
): { matters: PortalMatter[]; missing: string[] } {
  if (live.length === 0) return { matters: [...portalMatters], missing: [] };
  const byKey = new Map(portalMatters.map((m) => [m.matterKey, m]));
  const matters: PortalMatter[] = [];
  const missing: string[] = [];
  for (const state of live) {
    const known = byKey.get(state.matterKey);
    if (known) matters.push({ ...known, ...state });
    else missing.push(state.matterKey);
  }
  return { matters, missing };
}
