import type {
  FloorEntry,
  FloorEntryState,
  PendingFloorBallot,
} from '@livevote/contracts';
import type { FloorEntryView } from './floor-ballots.repository';
import { ballotAnswer } from '../ballots/ballot-marks';
import type { VotingMethod } from '../database/schema';

export interface MatterOpening {
  liveStatus: 'pending' | 'live' | 'closed';
  liveGeneration: number;
  votingMethod: VotingMethod;
}

function mapEntry(row: FloorEntryView, method: VotingMethod): FloorEntry {
  return {
    key: row.id,
    entry: row.entry,
    ...ballotAnswer(method, row),
    recordedBy: {
      userKey: row.recordedBy,
      name: row.recorderName || row.recorderEmail || 'a removed manager',
    },
    recordedAt: row.createdAt.toISOString(),
  };
}

/** An entry counts only in the opening it was typed in; after a close (or a reopening) it has lapsed. */
export function isLapsed(
  row: Pick<FloorEntryView, 'generation'>,
  matter: MatterOpening,
): boolean {
  return (
    matter.liveStatus !== 'live' || row.generation !== matter.liveGeneration
  );
}

/** Pending entries as sheets: one per member (and per opening), in unit order. */
export function mapPendingSheets(
  rows: FloorEntryView[],
  matter: MatterOpening,
): PendingFloorBallot[] {
  const sheets = new Map<string, FloorEntryView[]>();
  for (const row of rows) {
    const key = `${row.memberId}:${isLapsed(row, matter) ? row.generation : 'now'}`;
    sheets.set(key, [...(sheets.get(key) ?? []), row]);
  }
  return [...sheets.values()].map((entries) => {
    const [first] = entries;
    const state: FloorEntryState = isLapsed(first, matter)
      ? 'lapsed'
      : entries.length > 1
        ? 'mismatch'
        : 'pending';
    return {
      memberKey: first.memberId,
      unit: first.unit,
      state,
      entries: entries.map((entry) => mapEntry(entry, matter.votingMethod)),
    };
  });
}
