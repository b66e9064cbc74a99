import { describe, expect, it } from 'vitest';
import type { MeetingDetails } from '../mail/meeting-details';
import {
  managerSummaryMail,
  meetingStartingMail,
  reminderMail,
  type MeetingSummary,
  type VoterMailInput,
} from './scheduled-mails';

const meeting: MeetingDetails = {
  id: '00000000-0000-4000-8000-000000000001',
  shortCode: 'harbour1',
  name: 'Harbourview AGM',
  description: '',
  location: 'Party room',
  translations: {},
  meetingDate: new Date('2026-12-01T23:00:00.000Z'),
  duration: 90,
  meetingTimezone: 'America/Toronto',
  language: 'fr',
  contact: { email: 'chair@harbourview.test', name: 'Pat Chair' },
  url: 'https://harbour1.vote.example.test',
  createdAt: new Date('2026-10-01T00:00:00.000Z'),
  updatedAt: new Date('2026-10-01T00:00:00.000Z'),
};

const voter = (lng: 'en' | 'fr'): VoterMailInput => ({
  meeting,
  voter: { name: 'Ann Owner', email: 'ann@example.test' },
  unit: '101',
  portalLink: 'https://app.example.test/vote/harbour1?invite=x',
  unsubscribeLink: 'https://app.example.test/unsubscribe?token=y',
  signature: null,
  lng,
});

describe('scheduled mails', () => {
  const closes = new Date('2026-12-01T17:00:00.000Z');

  it('remind in French with the close in the meeting’s zone', () => {
    const mail = reminderMail({ ...voter('fr'), earlyVotingClosesAt: closes });
    expect(mail.subject).toBe('Rappel : Harbourview AGM');
    expect(mail.text).toContain(
      'Rappel au sujet de Harbourview AGM : l’unité 101 n’a pas encore voté.',
    );
    expect(mail.text).toContain(
      'Le vote par anticipation se termine le mardi 1 décembre 2026 à 12 h 00 HNE.',
    );
    expect(mail.text).toContain('Ne plus recevoir ces rappels');
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('remind in English with the same facts', () => {
    const mail = reminderMail({ ...voter('en'), earlyVotingClosesAt: closes });
    expect(mail.subject).toBe('Reminder: Harbourview AGM');
    expect(mail.text).toContain(
      'Early voting closes Tuesday, December 1, 2026 at 12:00 PM EST.',
    );
    expect(mail.text).toContain(
      'When: Tuesday, December 1, 2026 at 6:00 PM EST (90 minutes)',
    );
  });

  it('announce the start in French', () => {
    const mail = meetingStartingMail(voter('fr'));
    expect(mail.subject).toBe('Bientôt : Harbourview AGM');
    expect(mail.text).toContain(
      'Harbourview AGM commence le mardi 1 décembre 2026 à 18 h 00 HNE.',
    );
  });

  it('name the meeting in the voter’s language, the canonical text where none is given', () => {
    const bilingual: MeetingDetails = {
      ...meeting,
      language: 'en',
      translations: { fr: { name: 'AGA Harbourview', location: ' ' } },
    };
    const french = reminderMail({
      ...voter('fr'),
      meeting: bilingual,
      earlyVotingClosesAt: closes,
    });
    expect(french.subject).toBe('Rappel : AGA Harbourview');
    expect(french.text).toContain('Rappel au sujet de AGA Harbourview');
    // a blank translation falls back to the canonical text
    expect(french.text).toContain('Où : Party room');
    const english = meetingStartingMail({ ...voter('en'), meeting: bilingual });
    expect(english.subject).toBe('Starting soon: Harbourview AGM');
    expect(english.text).not.toContain('AGA');
  });

  it('sum up the day for managers in the meeting’s language', () => {
    const summary: MeetingSummary = {
      asOf: new Date('2026-11-30T13:01:00.000Z'),
      day: '2026-11-30',
      invitedVoters: 3,
      totalVoters: 4,
      emailsDisabled: 1,
      totalUnits: 4,
      unitsVoted: 2,
      ballots: [{ method: 'proxy', ballots: 2, units: 2 }],
      attendedVoters: 0,
      attendedUnits: 0,
      rsvpVoters: 1,
      rsvpOnlineVoters: 2,
      checkedInVoters: 1,
      checkedInUnits: 1,
      connectedVoters: 0,
      connectedUnits: 0,
      quorum: {
        present: 0,
        proxies: 2,
        required: 3,
        met: false,
        basis: 'units',
      },
      mail: [{ kind: 'reminder', sent: 2, undelivered: 0 }],
      matters: [
        {
          order: 1,
          name: 'Budget',
          liveStatus: 'pending',
          units: 2,
          shares: 2,
        },
      ],
    };
    const mail = managerSummaryMail({
      meeting,
      to: 'chair@harbourview.test',
      summary,
      earlyVotingClosesAt: closes,
      signature: null,
    });
    expect(mail.subject).toBe(
      'Résumé quotidien : Harbourview AGM (2026-11-30)',
    );
    expect(mail.text).toContain(
      'Résumé quotidien de Harbourview AGM au lundi 30 novembre 2026 à 08 h 01 HNE.',
    );
    expect(mail.text).toContain('Rappels : 2 envoyés');
    expect(mail.text).toContain('1 votant a désactivé les courriels');
    expect(mail.text).toContain(
      '0 votant de 0 unité a assisté à l’assemblée en direct',
    );
    expect(mail.text).toContain(
      '1 votant a annoncé sa présence sur place, 2 en ligne',
    );
    expect(mail.text).toContain(
      '1 votant de 1 unité enregistré à l’accueil maintenant',
    );
    expect(mail.text).toContain(
      'Quorum : non atteint : 2 sur 3 unités (présentes : 0, par procuration : 2).',
    );
    // a meeting counted by shares says so, in the number's agreement
    const byShares = managerSummaryMail({
      meeting: { ...meeting, language: 'en' },
      to: 'chair@harbourview.test',
      summary: {
        ...summary,
        quorum: { ...summary.quorum, proxies: 0, required: 1, basis: 'shares' },
      },
      earlyVotingClosesAt: closes,
      signature: null,
    });
    expect(byShares.text).toContain(
      'Quorum: not met: 0 of 1 share required (0 present, 0 by proxy).',
    );
    expect(mail.text).toContain(
      '1. Budget : en attente, 2 bulletins (2 quotes-parts)',
    );
  });
});
