import type { Member, MatterVoterRecord } from '@livevote/contracts';

export interface NotVotedUnit {
  unit: string;
  /** Names of the unit's voters; never how anyone voted. */
  names: string[];
}

/** Eligible members of a matter (CONTRACT 5: `all` or a shared tag) without a ballot yet. */
export function notVoted(
  members: readonly Member[],
  eligibility: readonly string[],
  voted: readonly MatterVoterRecord[],
): NotVotedUnit[] {
  const votedUnits = new Set(voted.map((record) => record.unit));
  const everyone = eligibility.includes('all');
  return members
    .filter(
      (member) =>
        member.eligible &&
        (everyone || member.tags.some((tag) => eligibility.includes(tag))) &&
        !votedUnits.has(member.unit),
    )
    .map((member) => ({
      unit: member.unit,
      names: member.voters.map((voter) => voter.name),
    }))
    .sort((a, b) => a.unit.localeCompare(b.unit, undefined, { numeric: true }));
}
