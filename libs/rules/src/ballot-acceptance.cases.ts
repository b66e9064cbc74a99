import type {
  BallotIntakeKind,
  BallotMatter,
  BallotTiming,
  ChoicesProblem,
  TimedMatter,
} from './ballot-acceptance';
import type { EarlyVotingTimes } from './meeting-window';

export interface ChoicesCase {
  name: string;
  matter: BallotMatter;
  choices: string[];
  problem: ChoicesProblem | null;
}

const motion: BallotMatter = {
  options: ['For', 'Against', 'Abstain'],
  choices: 1,
};
const election: BallotMatter = {
  options: ['Ann', 'Bob', 'Cid', 'Dee'],
  choices: 2,
};

/** Whether choices fit a matter: the rule and its SQL twin (apps/gateway/test/rules-sql.test.ts) both answer these. */
export const CHOICES_CASES: ChoicesCase[] = [
  {
    name: 'one option of a motion',
    matter: motion,
    choices: ['For'],
    problem: null,
  },
  { name: 'no option', matter: motion, choices: [], problem: 'no_choice' },
  {
    name: 'an option the matter lacks',
    matter: motion,
    choices: ['Maybe'],
    problem: 'invalid_choice',
  },
  {
    name: 'an option differing in case',
    matter: motion,
    choices: ['for'],
    problem: 'invalid_choice',
  },
  {
    name: 'two options of a one-choice motion',
    matter: motion,
    choices: ['For', 'Against'],
    problem: 'too_many_choices',
  },
  {
    name: 'the same option twice',
    matter: motion,
    choices: ['For', 'For'],
    problem: 'duplicate_choice',
  },
  {
    name: 'two of an election of two',
    matter: election,
    choices: ['Ann', 'Dee'],
    problem: null,
  },
  {
    name: 'one of an election of two',
    matter: election,
    choices: ['Bob'],
    problem: null,
  },
  {
    name: 'three of an election of two',
    matter: election,
    choices: ['Ann', 'Bob', 'Cid'],
    problem: 'too_many_choices',
  },
  {
    name: 'a repeat within the limit',
    matter: election,
    choices: ['Ann', 'Ann'],
    problem: 'duplicate_choice',
  },
  {
    name: 'a stranger within the limit',
    matter: election,
    choices: ['Ann', 'Zed'],
    problem: 'invalid_choice',
  },
];

export interface TimingCase {
  name: string;
  kind: BallotIntakeKind;
  matter: TimedMatter;
  meeting: EarlyVotingTimes;
  at: Date;
  timing: BallotTiming;
}

const T = new Date('2026-11-21T18:10:00.000Z');
const ms = (offset: number) => new Date(T.getTime() + offset);
const meeting: EarlyVotingTimes = {
  meetingDate: new Date('2026-11-21T18:00:00.000Z'),
  expiryDate: new Date('2026-11-21T17:00:00.000Z'),
};
const live = (allowProxyVote = true): TimedMatter => ({
  liveStatus: 'live',
  liveEndsAt: T,
  allowProxyVote,
});
const pending = (allowProxyVote = true): TimedMatter => ({
  liveStatus: 'pending',
  liveEndsAt: null,
  allowProxyVote,
});
const closed = (allowProxyVote = true): TimedMatter => ({
  liveStatus: 'closed',
  liveEndsAt: T,
  allowProxyVote,
});
const early = (offset: number) =>
  new Date(meeting.expiryDate!.getTime() + offset);

/**
 * Whether a ballot is in time, kind by kind around the one boundary: a vote that closes at T
 * takes a ballot received before T and refuses one received at T. The rule and its SQL twin
 * (apps/gateway/test/rules-sql.test.ts) both answer these.
 */
export const TIMING_CASES: TimingCase[] = [
  {
    name: 'a voter before the deadline',
    kind: 'voter',
    matter: live(),
    meeting,
    at: ms(-1),
    timing: { method: 'live' },
  },
  {
    name: 'a voter at the deadline',
    kind: 'voter',
    matter: live(),
    meeting,
    at: T,
    timing: { refused: 'matter_not_live' },
  },
  {
    name: 'a voter after the deadline',
    kind: 'voter',
    matter: live(),
    meeting,
    at: ms(1),
    timing: { refused: 'matter_not_live' },
  },
  {
    name: 'a voter on a closed matter',
    kind: 'voter',
    matter: closed(),
    meeting,
    at: ms(-1000),
    timing: { refused: 'matter_not_live' },
  },
  {
    name: 'a voter early, before early voting closes',
    kind: 'voter',
    matter: pending(),
    meeting,
    at: early(-1),
    timing: { method: 'proxy' },
  },
  {
    name: 'a voter early, as early voting closes',
    kind: 'voter',
    matter: pending(),
    meeting,
    at: early(0),
    timing: { refused: 'early_voting_closed' },
  },
  {
    name: 'a voter early without proxy voting',
    kind: 'voter',
    matter: pending(false),
    meeting,
    at: early(-1),
    timing: { refused: 'matter_not_live' },
  },
  {
    name: 'a voter on a live matter without proxy voting',
    kind: 'voter',
    matter: live(false),
    meeting,
    at: ms(-1),
    timing: { method: 'live' },
  },
  {
    name: 'a floor ballot before the deadline',
    kind: 'floor',
    matter: live(),
    meeting,
    at: ms(-1),
    timing: { method: 'other' },
  },
  {
    name: 'a floor ballot at the deadline',
    kind: 'floor',
    matter: live(),
    meeting,
    at: T,
    timing: { refused: 'matter_closed' },
  },
  {
    name: 'a floor ballot on a pending matter',
    kind: 'floor',
    matter: pending(),
    meeting,
    at: early(-1),
    timing: { refused: 'matter_not_live' },
  },
  {
    name: 'a floor ballot on a closed matter',
    kind: 'floor',
    matter: closed(),
    meeting,
    at: ms(-1000),
    timing: { refused: 'matter_closed' },
  },
  {
    name: 'a holder before the deadline',
    kind: 'holder',
    matter: live(),
    meeting,
    at: ms(-1),
    timing: { method: 'proxy' },
  },
  {
    name: 'a holder at the deadline',
    kind: 'holder',
    matter: live(),
    meeting,
    at: T,
    timing: { refused: 'matter_not_live' },
  },
  {
    name: 'a holder on a pending matter',
    kind: 'holder',
    matter: pending(),
    meeting,
    at: early(-1),
    timing: { refused: 'matter_not_live' },
  },
  {
    name: 'a holder without proxy voting',
    kind: 'holder',
    matter: live(false),
    meeting,
    at: ms(-1),
    timing: { refused: 'proxy_not_allowed' },
  },
  {
    name: 'a paper proxy on a pending matter',
    kind: 'proxy',
    matter: pending(),
    meeting,
    at: ms(-1),
    timing: { method: 'proxy' },
  },
  {
    name: 'a paper proxy after early voting closed',
    kind: 'proxy',
    matter: pending(),
    meeting,
    at: ms(1),
    timing: { method: 'proxy' },
  },
  {
    name: 'a paper proxy before the deadline',
    kind: 'proxy',
    matter: live(),
    meeting,
    at: ms(-1),
    timing: { method: 'proxy' },
  },
  {
    name: 'a paper proxy at the deadline',
    kind: 'proxy',
    matter: live(),
    meeting,
    at: T,
    timing: { refused: 'matter_closed' },
  },
  {
    name: 'a paper proxy without proxy voting',
    kind: 'proxy',
    matter: pending(false),
    meeting,
    at: ms(-1),
    timing: { refused: 'proxy_not_allowed' },
  },
  {
    name: 'a paper proxy on a closed matter',
    kind: 'proxy',
    matter: closed(),
    meeting,
    at: ms(-1000),
    timing: { refused: 'matter_closed' },
  },
  {
    name: 'a vote in the room on a pending matter',
    kind: 'other',
    matter: pending(false),
    meeting,
    at: ms(-1),
    timing: { method: 'other' },
  },
  {
    name: 'a vote in the room before the deadline',
    kind: 'other',
    matter: live(false),
    meeting,
    at: ms(-1),
    timing: { method: 'other' },
  },
  {
    name: 'a vote in the room at the deadline',
    kind: 'other',
    matter: live(),
    meeting,
    at: T,
    timing: { refused: 'matter_closed' },
  },
  {
    name: 'a vote in the room on a closed matter',
    kind: 'other',
    matter: closed(),
    meeting,
    at: ms(-1000),
    timing: { refused: 'matter_closed' },
  },
];
