import type { Attendance, PresentBy } from './presence';
import type { RepresentationSettings } from './quorum';

export interface PresenceCase {
  name: string;
  member: Attendance;
  settings: RepresentationSettings;
  presentBy: PresentBy | null;
}

const open: RepresentationSettings = { proxyHolderMustAttend: false };
const holderMustAttend: RepresentationSettings = {
  proxyHolderMustAttend: true,
};
const nothing = { proxy: null, advanceBallot: false };
/** No ballot in the room and none cast online: what most cases vary besides. */
const away = { floorBallot: false, votedOnline: false };
const verified = (holderPresent = false) => ({
  proxy: { status: 'verified' as const, holderPresent },
  advanceBallot: false,
});

/** How a member is present: the rule and its SQL twin both answer these. */
export const PRESENCE_CASES: PresenceCase[] = [
  {
    name: 'a member with nothing',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      representation: nothing,
    },
    settings: open,
    presentBy: null,
  },
  {
    name: 'a member connected',
    member: {
      ...away,
      checkedIn: false,
      online: true,
      representation: nothing,
    },
    settings: open,
    presentBy: 'online',
  },
  {
    name: 'a member checked in at the desk',
    member: {
      ...away,
      checkedIn: true,
      online: false,
      representation: nothing,
    },
    settings: open,
    presentBy: 'in_person',
  },
  {
    name: 'a member checked in and connected',
    member: { ...away, checkedIn: true, online: true, representation: nothing },
    settings: open,
    presentBy: 'in_person',
  },
  {
    name: 'a member with a verified proxy',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      representation: verified(),
    },
    settings: open,
    presentBy: 'proxy',
  },
  {
    name: 'a member with a verified proxy, connected itself',
    member: {
      ...away,
      checkedIn: false,
      online: true,
      representation: verified(),
    },
    settings: open,
    presentBy: 'online',
  },
  {
    name: 'a member with a verified proxy, checked in itself',
    member: {
      ...away,
      checkedIn: true,
      online: false,
      representation: verified(),
    },
    settings: open,
    presentBy: 'in_person',
  },
  {
    name: 'a member whose proxy is not yet verified',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      representation: {
        proxy: { status: 'submitted', holderPresent: true },
        advanceBallot: false,
      },
    },
    settings: open,
    presentBy: null,
  },
  {
    name: 'a member whose proxy was revoked, gone again',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      representation: {
        proxy: { status: 'revoked', holderPresent: true },
        advanceBallot: false,
      },
    },
    settings: open,
    presentBy: null,
  },
  {
    name: 'a member whose proxy holder must attend and has not',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      representation: verified(false),
    },
    settings: holderMustAttend,
    presentBy: null,
  },
  {
    name: 'a member whose proxy holder must attend and has',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      representation: verified(true),
    },
    settings: holderMustAttend,
    presentBy: 'proxy',
  },
  {
    name: 'a member with a ballot given before the meeting',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      representation: { proxy: null, advanceBallot: true },
    },
    settings: open,
    presentBy: 'proxy',
  },
  {
    name: 'a member that voted online, no longer connected',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      votedOnline: true,
      representation: nothing,
    },
    settings: open,
    presentBy: 'online',
  },
  {
    name: 'a member that voted online and is connected',
    member: {
      ...away,
      checkedIn: false,
      online: true,
      votedOnline: true,
      representation: nothing,
    },
    settings: open,
    presentBy: 'online',
  },
  {
    name: 'a member that voted online, then checked in at the desk',
    member: {
      ...away,
      checkedIn: true,
      online: false,
      votedOnline: true,
      representation: nothing,
    },
    settings: open,
    presentBy: 'in_person',
  },
  {
    name: 'a member that voted online with a verified proxy',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      votedOnline: true,
      representation: verified(true),
    },
    settings: holderMustAttend,
    presentBy: 'online',
  },
  {
    name: 'a member with a floor ballot',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      floorBallot: true,
      representation: nothing,
    },
    settings: open,
    presentBy: 'in_person',
  },
  {
    name: 'a member with a floor ballot, connected',
    member: {
      ...away,
      checkedIn: false,
      online: true,
      floorBallot: true,
      representation: nothing,
    },
    settings: open,
    presentBy: 'in_person',
  },
  {
    name: 'a member with a floor ballot on one matter, voting online on another',
    member: {
      checkedIn: false,
      online: false,
      floorBallot: true,
      votedOnline: true,
      representation: nothing,
    },
    settings: open,
    presentBy: 'in_person',
  },
  {
    name: 'a member with a floor ballot and a ballot given before the meeting',
    member: {
      ...away,
      checkedIn: false,
      online: false,
      floorBallot: true,
      representation: { proxy: null, advanceBallot: true },
    },
    settings: open,
    presentBy: 'in_person',
  },
];
