import type { RepresentationSettings, Representation } from './quorum';

export interface RepresentationCase {
  name: string;
  member: Representation;
  settings: RepresentationSettings;
  represented: boolean;
}

const open: RepresentationSettings = { proxyHolderMustAttend: false };
const holderMustAttend: RepresentationSettings = {
  proxyHolderMustAttend: true,
};
const proxy = (
  status: NonNullable<Representation['proxy']>['status'],
  holderPresent = false,
) => ({ status, holderPresent });

/** Who counts toward the quorum without being present: the rule and its SQL twin both answer these. */
export const REPRESENTATION_CASES: RepresentationCase[] = [
  {
    name: 'a member with nothing',
    member: { proxy: null, advanceBallot: false },
    settings: open,
    represented: false,
  },
  {
    name: 'a verified proxy',
    member: { proxy: proxy('verified'), advanceBallot: false },
    settings: open,
    represented: true,
  },
  {
    name: 'a proxy not yet verified',
    member: { proxy: proxy('submitted', true), advanceBallot: false },
    settings: open,
    represented: false,
  },
  {
    name: 'a rejected proxy',
    member: { proxy: proxy('rejected', true), advanceBallot: false },
    settings: open,
    represented: false,
  },
  {
    name: 'a withdrawn proxy',
    member: { proxy: proxy('withdrawn', true), advanceBallot: false },
    settings: open,
    represented: false,
  },
  {
    name: 'a revoked proxy',
    member: { proxy: proxy('revoked', true), advanceBallot: false },
    settings: open,
    represented: false,
  },
  {
    name: 'a verified proxy whose absent holder must attend',
    member: { proxy: proxy('verified', false), advanceBallot: false },
    settings: holderMustAttend,
    represented: false,
  },
  {
    name: 'a verified proxy whose holder must attend and does',
    member: { proxy: proxy('verified', true), advanceBallot: false },
    settings: holderMustAttend,
    represented: true,
  },
  {
    name: 'a proxy not yet verified whose holder must attend and does',
    member: { proxy: proxy('submitted', true), advanceBallot: false },
    settings: holderMustAttend,
    represented: false,
  },
  {
    name: 'a rejected proxy whose holder must attend and does',
    member: { proxy: proxy('rejected', true), advanceBallot: false },
    settings: holderMustAttend,
    represented: false,
  },
  {
    name: 'a withdrawn proxy whose holder must attend and does',
    member: { proxy: proxy('withdrawn', true), advanceBallot: false },
    settings: holderMustAttend,
    represented: false,
  },
  {
    name: 'an early ballot alone',
    member: { proxy: null, advanceBallot: true },
    settings: open,
    represented: true,
  },
  {
    name: 'an early ballot beside a rejected proxy',
    member: { proxy: proxy('rejected'), advanceBallot: true },
    settings: holderMustAttend,
    represented: true,
  },
];
