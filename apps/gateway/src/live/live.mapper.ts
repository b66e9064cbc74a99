import type { LiveMatter } from '@livevote/contracts';
import type { matters } from '../database/schema';

type MatterRow = typeof matters.$inferSelect;

/** A matter as the live channel and the voter portal show it (never a tally). */
export function mapLiveMatter(matter: MatterRow, seq: number): LiveMatter {
  return {
    matterKey: matter.id,
    name: matter.name,
    header: matter.header,
    snippet: matter.snippet,
    options: matter.options,
    choices: matter.choices,
    order: matter.order,
    liveStatus: matter.liveStatus,
    liveStartedAt: matter.liveStartedAt?.toISOString() ?? null,
    liveEndsAt: matter.liveEndsAt?.toISOString() ?? null,
    liveClosedAt: matter.liveClosedAt?.toISOString() ?? null,
    secretBallot: matter.secretBallot,
    seq,
  };
}
