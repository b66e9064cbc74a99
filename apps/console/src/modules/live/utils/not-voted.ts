import type { Member, MatterVoterRecord } from '@livevote/contracts';
import { isEligible } from '@livevote/rules';

export interface NotVotedUnit {
  unit: string;
  /** Names of the unit's voters; never how anyone voted. */
  names: string[];
}

/** Members who may vote on a matter (see isEligible) without a ballot yet. */
export function notVoted(
  members: readonly Member[],
  eligibility: readonly string[],
  voted: readonly MatterVoterRecord[],
): NotVotedUnit[] {
  const votedUnits = new Set(voted.map((record) => record.unit));
  return members
    .filter(
      (member) =>
        isEligible(member, { eligibility }) && !votedUnits.has(member.unit),
    )
    .map((member) => ({
      unit: member.unit,
      names: member.voters.map((voter) => voter.name),
    }))
    .sort((a, b) => a.unit.localeCompare(b.unit, undefined, { numeric: true }));
}
