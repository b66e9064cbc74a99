import type { Forecast, LiveMatter } from '@livevote/contracts';
import type { matters } from '../database/schema';
import {
  mapRule,
  resultFor,
  type ResultViewer,
} from '../results/results.mapper';
import { mapMethod } from '../matters/matters.mapper';

type MatterRow = typeof matters.$inferSelect;

/**
 * A matter as the live channel and the voter portal show it (never a tally): its result as
 * the viewer may see it (docs/verdicts.md), its forecast while live.
 */
export function mapLiveMatter(
  matter: MatterRow,
  seq: number,
  viewer: ResultViewer,
  forecast: Forecast | null = null,
): LiveMatter {
  return {
    matterKey: matter.id,
    name: matter.name,
    header: matter.header,
    snippet: matter.snippet,
    options: matter.options,
    // every language's texts ride along: each reader picks its own, so the fan-out stays one
    // payload for the whole room (docs/i18n.md, "Meeting content in two languages")
    translations: matter.translations,
    choices: matter.choices,
    ...mapMethod(matter),
    order: matter.order,
    liveStatus: matter.liveStatus,
    liveStartedAt: matter.liveStartedAt?.toISOString() ?? null,
    liveEndsAt: matter.liveEndsAt?.toISOString() ?? null,
    liveClosedAt: matter.liveClosedAt?.toISOString() ?? null,
    secretBallot: matter.secretBallot,
    ...mapRule(matter),
    forecast: matter.liveStatus === 'live' ? forecast : null,
    result: resultFor(matter, viewer),
    seq,
  };
}
