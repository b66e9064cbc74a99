import { describe, expect, it } from 'vitest';
import { translator } from './translator';

/** Count phrases agree with their number in both languages (0 and 1 are singular in French). */
describe('count phrases', () => {
  const fr = translator('fr');
  const en = translator('en');

  it.each([
    [0, 'sur 0 habilité'],
    [1, 'sur 1 habilité'],
    [2, 'sur 2 habilités'],
    [1_000_000, 'sur 1 000 000 habilités'],
  ])('says %s eligible in French', (count, text) => {
    expect(
      fr('live.ofEligible', {
        count,
        n: count.toLocaleString('fr-CA'),
      }).replace(/\s/g, ' '),
    ).toBe(text);
  });

  it.each([
    [
      'checkIn.desk.unitsInRoom',
      1,
      '1 unité dans la salle',
      '1 unit in the room',
    ],
    [
      'checkIn.desk.unitsInRoom',
      3,
      '3 unités dans la salle',
      '3 units in the room',
    ],
    [
      'summary.emailsOff',
      1,
      '1 votant a désactivé les courriels',
      '1 voter has turned e-mail off',
    ],
    [
      'summary.unitsVoted',
      1,
      '1 unité sur 3 a voté',
      '1 of 3 units have voted',
    ],
  ])('words %s with %s in both languages', (key, count, french, english) => {
    const values = { count, n: count, voted: count, total: 3 };
    expect(fr(key, values)).toBe(french);
    expect(en(key, values)).toBe(english);
  });

  it('agrees a sentence with its subject and a nested phrase with its own number', () => {
    const values = (voters: number, units: number, t: typeof fr) => ({
      count: voters,
      voters,
      units: t('countPhrases.ofUnits', { count: units, n: units }),
    });
    expect(fr('summary.attended', values(1, 1, fr))).toBe(
      '1 votant de 1 unité a assisté à l’assemblée en direct',
    );
    expect(fr('summary.connected', values(3, 2, fr))).toBe(
      '3 votants de 2 unités connectés maintenant',
    );
    expect(en('summary.attended', values(0, 0, en))).toBe(
      '0 voters of 0 units attended the live meeting',
    );
    expect(en('summary.checkedIn', values(1, 1, en))).toBe(
      '1 voter of 1 unit checked in at the desk now',
    );
    expect(
      fr('screen.connected', {
        count: 1,
        voters: 1,
        units: fr('live.fromUnits', { count: 1, n: 1 }),
      }),
    ).toBe('1 votant connecté de 1 unité');
  });
  it.each([
    [
      1,
      'présentes : 1 + par procuration : 0 = 1 (quorum : 1 unité)',
      '1 present + 0 by proxy = 1 of 1 unit needed',
    ],
    [
      2,
      'présentes : 1 + par procuration : 0 = 1 (quorum : 2 unités)',
      '1 present + 0 by proxy = 1 of 2 units needed',
    ],
  ])(
    'words the quorum line with %s required in both languages',
    (required, french, english) => {
      const line = (t: typeof fr) =>
        t('live.quorumNeeded', {
          present: 1,
          proxies: 0,
          counted: 1,
          required,
          basis: t('live.basis.units', { count: required }),
        });
      expect(line(fr)).toBe(french);
      expect(line(en)).toBe(english);
    },
  );
});
