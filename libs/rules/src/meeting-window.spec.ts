import { describe, expect, it } from 'vitest';
import {
  earlyVotingClosesAt,
  earlyVotingClosesAtSql,
  isEarlyVotingOpen,
  isMeetingOver,
  isRsvpOpen,
  meetingEndsAt,
  meetingEndsAtSql,
} from './meeting-window';

const at = (iso: string) => new Date(iso);

describe(meetingEndsAt.name, () => {
  it.each([
    ['2026-11-21T18:00:00.000Z', 60, '2026-11-21T19:00:00.000Z'],
    ['2026-11-21T23:30:00.000Z', 90, '2026-11-22T01:00:00.000Z'],
    ['2026-11-21T18:00:00.000Z', 0, '2026-11-21T18:00:00.000Z'],
  ])('a meeting at %s lasting %i minutes ends at %s', (start, minutes, end) => {
    expect(
      meetingEndsAt({
        meetingDate: new Date(start),
        duration: minutes,
      }).toISOString(),
    ).toBe(end);
  });
});

describe(isMeetingOver.name, () => {
  const meeting = { meetingDate: at('2026-11-21T18:00:00.000Z'), duration: 60 };

  it.each([
    { when: 'before it starts', now: '2026-11-21T17:00:00.000Z', over: false },
    { when: 'while it runs', now: '2026-11-21T18:59:59.999Z', over: false },
    {
      when: 'at the instant it ends',
      now: '2026-11-21T19:00:00.000Z',
      over: true,
    },
    { when: 'after it ends', now: '2026-11-22T00:00:00.000Z', over: true },
  ])('a 60-minute meeting at 18:00, $when, is over: $over', ({ now, over }) => {
    expect(isMeetingOver(meeting, at(now))).toBe(over);
  });
});

describe(earlyVotingClosesAt.name, () => {
  it.each([
    {
      when: 'at expiryDate when there is one',
      expiry: '2026-11-20T12:00:00.000Z',
      closes: '2026-11-20T12:00:00.000Z',
    },
    {
      when: 'at the start of the meeting without one',
      expiry: null,
      closes: '2026-11-21T18:00:00.000Z',
    },
  ])('early voting closes $when', ({ expiry, closes }) => {
    const meeting = {
      meetingDate: at('2026-11-21T18:00:00.000Z'),
      expiryDate: expiry === null ? null : at(expiry),
    };
    expect(earlyVotingClosesAt(meeting).toISOString()).toBe(closes);
  });
});

describe(isEarlyVotingOpen.name, () => {
  it.each([
    {
      when: 'before expiryDate',
      expiry: '2026-11-20T12:00:00.000Z',
      received: '2026-11-20T11:59:59.999Z',
      open: true,
    },
    {
      when: 'at expiryDate',
      expiry: '2026-11-20T12:00:00.000Z',
      received: '2026-11-20T12:00:00.000Z',
      open: false,
    },
    {
      when: 'after expiryDate, before the meeting',
      expiry: '2026-11-20T12:00:00.000Z',
      received: '2026-11-21T00:00:00.000Z',
      open: false,
    },
    {
      when: 'before the meeting without expiryDate',
      expiry: null,
      received: '2026-11-21T17:59:59.999Z',
      open: true,
    },
    {
      when: 'at the meeting without expiryDate',
      expiry: null,
      received: '2026-11-21T18:00:00.000Z',
      open: false,
    },
  ])(
    'an early ballot $when is in time: $open',
    ({ expiry, received, open }) => {
      const meeting = {
        meetingDate: at('2026-11-21T18:00:00.000Z'),
        expiryDate: expiry === null ? null : at(expiry),
      };
      expect(isEarlyVotingOpen(meeting, at(received))).toBe(open);
    },
  );
});

describe(meetingEndsAtSql.name, () => {
  it('speaks of the given alias and refuses anything else', () => {
    expect(meetingEndsAtSql({ meeting: 'meetings' })).toBe(
      "(meetings.meeting_date + meetings.duration * interval '1 minute')",
    );
    expect(() => meetingEndsAtSql({ meeting: '1; select' })).toThrow(
      /not a SQL table alias/,
    );
  });
});

describe(earlyVotingClosesAtSql.name, () => {
  it('speaks of the given alias and refuses anything else', () => {
    expect(earlyVotingClosesAtSql({ meeting: 'mt' })).toBe(
      'coalesce(mt.expiry_date, mt.meeting_date)',
    );
    expect(() => earlyVotingClosesAtSql({ meeting: 'mt)--' })).toThrow(
      /not a SQL table alias/,
    );
  });
});

describe(isRsvpOpen.name, () => {
  const meeting = { meetingDate: at('2026-11-21T18:00:00.000Z') };

  it.each([
    { when: 'a week before', now: '2026-11-14T18:00:00.000Z', open: true },
    { when: 'a moment before', now: '2026-11-21T17:59:59.999Z', open: true },
    { when: 'at the start', now: '2026-11-21T18:00:00.000Z', open: false },
    {
      when: 'during the meeting',
      now: '2026-11-21T18:30:00.000Z',
      open: false,
    },
  ])('an RSVP $when the meeting is in time: $open', ({ now, open }) => {
    expect(isRsvpOpen(meeting, at(now))).toBe(open);
  });
});
