import { describe, expect, it } from 'vitest';
import { catalogKeys, en, fr } from './catalogs';
import { translator } from './translator';

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('catalogs', () => {
  it('has every English key in French', () => {
    const french = new Set(catalogKeys(fr));
    expect(catalogKeys(en).filter((key) => !french.has(key))).toEqual([]);
  });

  it('has no French key that English lacks, but for plural forms', () => {
    const english = new Set(catalogKeys(en).map((k) => k.replace(PLURAL, '')));
    expect(
      catalogKeys(fr).filter((key) => !english.has(key.replace(PLURAL, ''))),
    ).toEqual([]);
  });

  it('gives every French plural the "many" form a million takes', () => {
    const plurals = catalogKeys(fr).filter((key) => key.endsWith('_other'));
    const keys = new Set(catalogKeys(fr));
    expect(
      plurals.filter((key) => !keys.has(key.replace(/_other$/, '_many'))),
    ).toEqual([]);
    expect(
      translator('fr')('report.share', { count: 1_000_000, n: '1 000 000' }),
    ).toBe('1 000 000 quotes-parts');
  });

  it('leaves no value empty and keeps the same placeholders in both', () => {
    const value = (catalog: object, key: string) =>
      key.split('.').reduce<any>((node, part) => node[part], catalog) as string;
    const placeholders = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();
    for (const key of catalogKeys(en)) {
      expect(value(en, key), key).not.toBe('');
      expect(placeholders(value(fr, key)), key).toEqual(
        placeholders(value(en, key)),
      );
    }
  });

  it('translates by language and falls back to English for an unknown key', () => {
    expect(translator('fr')('mail.invite.subject', { meeting: 'AGA' })).toBe(
      'Convocation : AGA',
    );
    expect(translator('en')('mail.invite.subject', { meeting: 'AGM' })).toBe(
      'Invitation: AGM',
    );
    expect(translator('fr')('no.such.key')).toBe('no.such.key');
  });
});
