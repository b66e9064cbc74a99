import { describe, expect, it } from 'vitest';
import { ReceiptReason } from '@livevote/contracts';
import { receiptWords } from './receipt-words';
import { translator } from './translator';

const time = () => '6:00 PM EST';

describe('receiptWords', () => {
  it.each<[ReceiptReason['code'], 'en' | 'fr', string]>([
    [
      'counts',
      'en',
      'Your early ballot counts now: it is the ballot that stands for you on this matter.',
    ],
    [
      'counts',
      'fr',
      'Votre vote par anticipation compte maintenant : c’est le vote qui vous représente sur ce point.',
    ],
    [
      'replaced_precedence',
      'en',
      'Replaced by your live vote at 6:00 PM EST: a member’s live vote takes precedence over its early ballot. That ballot counts instead.',
    ],
    [
      'replaced_precedence',
      'fr',
      'Remplacé par votre vote en direct (6:00 PM EST) : le vote en direct d’un membre a préséance sur son vote par anticipation. C’est cet autre vote qui compte.',
    ],
    [
      'withdrawn',
      'en',
      'Your proxy holder took this vote back at 6:00 PM EST: no ballot stands for you on this matter now.',
    ],
  ])('words %s in %s', (code, lng, words) => {
    expect(
      receiptWords(
        {
          kind: 'early',
          current: { kind: 'live' },
          reasons: [{ code, at: '2026-12-01T23:00:00Z' }],
        },
        translator(lng),
        time,
      ),
    ).toBe(words);
  });

  it('has words for every code, kind and language, with and without a time', () => {
    for (const lng of ['en', 'fr'] as const) {
      const t = translator(lng);
      for (const code of ReceiptReason.shape.code.options)
        for (const kind of [
          'live',
          'holder',
          'early',
          'paper',
          'floor',
        ] as const)
          for (const at of [null, '2026-12-01T23:00:00Z']) {
            const words = receiptWords(
              { kind, current: { kind: 'paper' }, reasons: [{ code, at }] },
              t,
              time,
            );
            expect(words).not.toMatch(/receiptReasons|{{|undefined/);
            expect(words).toMatch(/^[A-Z]/);
          }
    }
  });
});
