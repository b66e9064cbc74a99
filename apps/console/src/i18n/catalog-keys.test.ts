import { catalogKeys, en, fr } from '@livevote/i18n';
import { describe, expect, it } from 'vitest';
import { FORECAST_KEYS } from '../modules/results/utils/forecast';

// every source file of the console, as text
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

/** The keys the console asks for literally: t('a.b'), t("a.b"), i18nKey="a.b". */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const pattern = /\bt\(\s*['"]([\w.-]+)['"]/g;
  for (const [file, text] of Object.entries(sources))
    for (const match of text.matchAll(pattern)) used.set(match[1], file);
  for (const words of Object.values(FORECAST_KEYS))
    for (const key of Object.values(words)) used.set(key, 'forecast.ts');
  return used;
}

const PLURALS = ['_one', '_other'];

function has(catalog: object, key: string): boolean {
  const keys = new Set(catalogKeys(catalog));
  return keys.has(key) || PLURALS.every((suffix) => keys.has(key + suffix));
}

describe('the console’s messages', () => {
  it('finds the keys it checks (the scan works)', () => {
    expect(usedKeys().size).toBeGreaterThan(50);
    expect(usedKeys().has('portal.voteNow')).toBe(true);
  });

  it.each([
    ['English', en],
    ['French', fr],
  ])('are all in the %s catalog', (_name, catalog) => {
    const missing = [...usedKeys()]
      .filter(([key]) => !has(catalog, key))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});
