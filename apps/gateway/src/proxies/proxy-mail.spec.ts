import { describe, expect, it } from 'vitest';
import {
  holderNoticeMail,
  proxyConfirmationMail,
  type ProxyMailContent,
} from './proxy-mail';

const content: ProxyMailContent = {
  meeting: {
    name: 'Harbourview AGM',
    meetingDate: new Date('2026-12-01T23:00:00.000Z'),
    meetingTimezone: 'America/Toronto',
    contactEmail: 'chair@harbourview.test',
  },
  unit: '101',
  holderName: 'Pat Holder',
  directions: [
    { matterKey: 'm1', choices: ['Yes'] },
    { matterKey: 'm2', choices: null },
  ],
  matters: new Map([
    ['m1', { name: 'Budget', options: ['Yes', 'No'] }],
    ['m2', { name: 'Bylaw 12', options: ['Yes', 'No'] }],
  ]),
  signedName: 'Ann Owner',
  submittedAt: new Date('2026-11-20T15:30:00.000Z'),
  status: 'submitted',
};

describe('proxy mails', () => {
  it('confirm a proxy in French, times in the meeting’s zone', () => {
    const mail = proxyConfirmationMail('ann@example.test', content, 'fr');
    expect(mail.subject).toBe('Votre procuration : Harbourview AGM');
    expect(mail.text).toContain(
      'Votre procuration pour l’unité 101 à Harbourview AGM (mardi 1 décembre 2026 à 18 h 00 HNE) a été reçue.',
    );
    expect(mail.text).toContain(
      'Signée par Ann Owner le vendredi 20 novembre 2026 à 10 h 30 HNE ; statut : soumise.',
    );
    expect(mail.text).toContain('Bylaw 12 : à la discrétion du mandataire');
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('confirm a proxy in English with the same facts', () => {
    const mail = proxyConfirmationMail('ann@example.test', content, 'en');
    expect(mail.subject).toBe('Your proxy: Harbourview AGM');
    expect(mail.text).toContain(
      'Your proxy for unit 101 at Harbourview AGM (Tuesday, December 1, 2026 at 6:00 PM EST) was received.',
    );
    expect(mail.text).toContain(
      'Signed by Ann Owner on Friday, November 20, 2026 at 10:30 AM EST; status: submitted.',
    );
    expect(mail.text).toContain('Bylaw 12: at the holder’s discretion');
  });

  it('tell the holder in the language given, with the link', () => {
    const mail = holderNoticeMail(
      'pat@example.test',
      content,
      'https://app.example.test/vote/abc/holder?token=t',
      'fr',
    );
    expect(mail.subject).toBe('Vous détenez une procuration : Harbourview AGM');
    expect(mail.text).toContain('Bonjour Pat Holder,');
    expect(mail.html).toContain('Ouvrir votre page de mandataire');
  });

  it('name the meeting, the matters and the directed options in the reader’s language', () => {
    const bilingual: ProxyMailContent = {
      ...content,
      meeting: {
        ...content.meeting,
        translations: { fr: { name: 'AGA Harbourview' } },
      },
      directions: [
        { matterKey: 'm1', choices: ['Yes'] },
        { matterKey: 'm2', ranking: ['No', 'Yes'] },
      ],
      matters: new Map([
        [
          'm1',
          {
            name: 'Budget',
            options: ['Yes', 'No'],
            translations: {
              fr: { name: 'Budget 2027', options: ['Oui', 'Non'] },
            },
          },
        ],
        [
          'm2',
          {
            name: 'Bylaw 12',
            options: ['Yes', 'No'],
            translations: { fr: { options: ['Oui', ''] } },
          },
        ],
      ]),
    };
    const french = proxyConfirmationMail('ann@example.test', bilingual, 'fr');
    expect(french.subject).toBe('Votre procuration : AGA Harbourview');
    expect(french.text).toContain('Budget 2027 : Oui');
    // an untranslated name or a blank label falls back to the canonical text
    expect(french.text).toContain('Bylaw 12 : 1. No, 2. Oui');
    const english = proxyConfirmationMail('ann@example.test', bilingual, 'en');
    expect(english.subject).toBe('Your proxy: Harbourview AGM');
    expect(english.text).toContain('Budget: Yes');
    expect(english.text).toContain('Bylaw 12: 1. No, 2. Yes');
    const holder = holderNoticeMail(
      'pat@example.test',
      bilingual,
      'https://x/h',
      'fr',
    );
    expect(holder.subject).toBe(
      'Vous détenez une procuration : AGA Harbourview',
    );
  });

  it('never show a name as a link, in the text or the HTML', () => {
    const evil = {
      ...content,
      holderName: 'Visit https://evil.example',
      signedName: '<a href="https://evil.example">Ann</a>',
    };
    for (const mail of [
      holderNoticeMail(
        'pat@example.test',
        evil,
        'https://app.example.test/vote/abc/holder?token=t',
        'en',
      ),
      proxyConfirmationMail('ann@example.test', evil, 'en'),
    ]) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).not.toContain('https://evil');
      expect(mail.html).not.toContain('evil.example');
      expect(mail.html).not.toContain('<a href="https://evil');
    }
  });
});
