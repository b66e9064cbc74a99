import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DURATION_S,
  transition,
  type LiveState,
  type LiveStateChange,
  type MatterAction,
  type TransitionRefusal,
} from './matter-transition';

const NOW = new Date('2030-05-01T10:00:00.000Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

const pending: LiveState = { liveStatus: 'pending', liveEndsAt: null };
const closed: LiveState = { liveStatus: 'closed', liveEndsAt: at(-600) };
const running: LiveState = { liveStatus: 'live', liveEndsAt: at(60) };
/** Live in the database, its deadline passed a moment ago, not yet closed by the deadline job. */
const overdue: LiveState = { liveStatus: 'live', liveEndsAt: at(-5) };
const endingNow: LiveState = { liveStatus: 'live', liveEndsAt: NOW };

const cases: {
  name: string;
  from: LiveState;
  request: MatterAction;
  to: LiveStateChange | TransitionRefusal;
}[] = [
  {
    name: 'start opens a pending matter for the default duration',
    from: pending,
    request: { action: 'start' },
    to: {
      liveStatus: 'live',
      liveStartedAt: NOW,
      liveEndsAt: at(DEFAULT_DURATION_S),
      liveClosedAt: null,
    },
  },
  {
    name: 'start opens a closed matter again, for the given duration',
    from: closed,
    request: { action: 'start', duration: 30 },
    to: {
      liveStatus: 'live',
      liveStartedAt: NOW,
      liveEndsAt: at(30),
      liveClosedAt: null,
    },
  },
  {
    name: 'start refuses a live matter',
    from: running,
    request: { action: 'start' },
    to: 'not_startable',
  },
  {
    name: 'start refuses a live matter whose deadline has passed',
    from: overdue,
    request: { action: 'start' },
    to: 'not_startable',
  },
  {
    name: 'extend moves a running deadline by the default duration',
    from: running,
    request: { action: 'extend' },
    to: { liveStatus: 'live', liveEndsAt: at(60 + DEFAULT_DURATION_S) },
  },
  {
    name: 'extend moves a running deadline by the given duration, from the deadline, not from now',
    from: running,
    request: { action: 'extend', duration: 20 },
    to: { liveStatus: 'live', liveEndsAt: at(80) },
  },
  {
    name: 'extend refuses a deadline that has passed',
    from: overdue,
    request: { action: 'extend' },
    to: 'not_live',
  },
  {
    name: 'extend refuses a deadline that is now',
    from: endingNow,
    request: { action: 'extend' },
    to: 'not_live',
  },
  {
    name: 'extend refuses a pending matter',
    from: pending,
    request: { action: 'extend' },
    to: 'not_live',
  },
  {
    name: 'extend refuses a closed matter',
    from: closed,
    request: { action: 'extend' },
    to: 'not_live',
  },
  {
    name: 'stop closes a running matter now',
    from: running,
    request: { action: 'stop' },
    to: { liveStatus: 'closed', liveClosedAt: NOW },
  },
  {
    name: 'stop closes an overdue matter at its deadline, not now',
    from: overdue,
    request: { action: 'stop' },
    to: { liveStatus: 'closed', liveClosedAt: at(-5) },
  },
  {
    name: 'stop refuses a pending matter',
    from: pending,
    request: { action: 'stop' },
    to: 'not_live',
  },
  {
    name: 'stop refuses a closed matter',
    from: closed,
    request: { action: 'stop' },
    to: 'not_live',
  },
];

describe(transition.name, () => {
  it.each(cases)('$name', ({ from, request, to }) => {
    expect(transition(from, request, NOW)).toEqual(
      typeof to === 'string' ? { refused: to } : { change: to },
    );
  });
});
