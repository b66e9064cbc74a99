import type { Member, MatterVoterRecord, Voter } from '@livevote/contracts';
import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_CASES } from '../../../../../../libs/rules/src/eligibility.cases';
import { notVoted } from './not-voted';

function aVoter(name: string): Voter {
  return {
    voterKey: name,
    name,
    email: `${name.toLowerCase()}@example.org`,
    isPanelist: false,
    attending: false,
    inAttendance: false,
    rsvp: null,
    checkedInAt: null,
    communicationPreferences: {
      disableAllEmails: false,
      disableConsentReminders: false,
    },
    lastInviteDate: null,
    language: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function aMember(unit: string, overrides: Partial<Member> = {}): Member {
  return {
    key: unit,
    unit,
    mailAddress1: '',
    mailAddress2: '',
    mailCity: '',
    mailProv: '',
    mailPostal: '',
    mailCountry: '',
    customData: {},
    hasLiveVotes: false,
    controlNumber: `cn-${unit}`,
    eligible: true,
    shares: 1,
    tags: [],
    voters: [aVoter(`Voter${unit}`)],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const voted = (unit: string): MatterVoterRecord => ({
  unit,
  name: 'x',
  email: 'x@example.org',
  method: 'live',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('notVoted', () => {
  it('lists eligible units without a ballot, in unit order, with their voters’ names', () => {
    const members = [aMember('10'), aMember('9'), aMember('101')];

    expect(notVoted(members, ['all'], [voted('9')])).toEqual([
      { unit: '10', names: ['Voter10'] },
      { unit: '101', names: ['Voter101'] },
    ]);
  });

  it.each(ELIGIBILITY_CASES)(
    'lists $name only if they may vote ($eligible)',
    ({ member, matter, eligible }) => {
      const members = [aMember('1', { ...member, tags: [...member.tags] })];

      expect(notVoted(members, matter.eligibility, [])).toHaveLength(
        eligible ? 1 : 0,
      );
    },
  );
});
