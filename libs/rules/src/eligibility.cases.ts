import type { EligibilityMatter, EligibilityMember } from './eligibility';

export interface EligibilityCase {
  name: string;
  member: EligibilityMember;
  matter: EligibilityMatter;
  eligible: boolean;
}

const member = (tags: string[], eligible = true): EligibilityMember => ({
  eligible,
  tags,
});
const matter = (...eligibility: string[]): EligibilityMatter => ({
  eligibility,
});

/** Who may vote, case by case: the rule and its SQL twin (apps/gateway/test/rules-sql.test.ts) both answer these. */
export const ELIGIBILITY_CASES: EligibilityCase[] = [
  {
    name: 'an eligible member on an `all` matter',
    member: member([]),
    matter: matter('all'),
    eligible: true,
  },
  {
    name: 'an ineligible member on an `all` matter',
    member: member([], false),
    matter: matter('all'),
    eligible: false,
  },
  {
    name: 'a member with the matter’s tag',
    member: member(['owners']),
    matter: matter('owners'),
    eligible: true,
  },
  {
    name: 'a member with one of the matter’s tags',
    member: member(['a', 'tenants']),
    matter: matter('owners', 'tenants'),
    eligible: true,
  },
  {
    name: 'a member with another tag',
    member: member(['tenants']),
    matter: matter('owners'),
    eligible: false,
  },
  {
    name: 'an untagged member on a tagged matter',
    member: member([]),
    matter: matter('owners'),
    eligible: false,
  },
  {
    name: 'an ineligible member with the matter’s tag',
    member: member(['owners'], false),
    matter: matter('owners'),
    eligible: false,
  },
  {
    name: 'any eligible member when `all` is among tags',
    member: member(['x']),
    matter: matter('owners', 'all'),
    eligible: true,
  },
  {
    name: 'nobody on a matter with no tags',
    member: member(['owners']),
    matter: matter(),
    eligible: false,
  },
  {
    name: 'a member tagged `all` on a tagged matter',
    member: member(['all']),
    matter: matter('owners'),
    eligible: false,
  },
  {
    name: 'a tag differing in case',
    member: member(['Owners']),
    matter: matter('owners'),
    eligible: false,
  },
];
