import {
  MatterLiveStatus,
  MEETING_TYPES,
  PROXY_STATUSES,
  QuorumBasis,
  SUMMARY_REPORT_FREQUENCIES,
  THRESHOLD_BASE_KINDS,
  THRESHOLD_BASES,
} from '@livevote/contracts';
import { catalogKeys, en, fr } from '@livevote/i18n';
import { describe, expect, it } from 'vitest';
import { FORECAST_KEYS } from '../modules/results/utils/forecast';
import { AUDIT_FAMILIES } from '../modules/verifiability/components/AuditLogPage';

// every source file of the console, as text
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);

/** The catalogs' top-level sections: a quoted `section.key` literal is taken for a key. */
const SECTIONS = new Set(Object.keys(en));

/** Literals that start like a key but are not one: a live event, an audit kind, a form's field. */
const NOT_KEYS = new Set<string>([
  'screen.question',
  'members.import',
  'holder.name',
  'holder.email',
]);

/**
 * Keys built from a value at run time (t(`prefix.${value}`)): every value the contract
 * allows, so a new status or type without its words fails here.
 */
const FAMILIES: [prefix: string, values: readonly string[]][] = [
  ['proxiesStaff.statusName.', PROXY_STATUSES],
  ['meetingSetup.create.types.', MEETING_TYPES],
  ['meetingSetup.settings.frequency.', SUMMARY_REPORT_FREQUENCIES],
  ['live.basis.', QuorumBasis.options],
  ['live.status.', MatterLiveStatus.options],
  ['matters.status.', MatterLiveStatus.options],
  ['resultSettings.rule.basis.', THRESHOLD_BASES],
  ['resultSettings.rule.base.', THRESHOLD_BASE_KINDS],
];

/**
 * The keys the console names: in t('a.b'), i18nKey="a.b", key tables, ternaries, any quoted
 * literal that starts with a catalog section; and the families above.
 */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const literal = /(['"`])([A-Za-z]\w*(?:\.[\w-]+)+)\1/g;
  for (const [file, text] of Object.entries(sources))
    for (const match of text.matchAll(literal)) {
      const key = match[2];
      if (SECTIONS.has(key.split('.')[0]) && !NOT_KEYS.has(key))
        used.set(key, file);
    }
  for (const words of Object.values(FORECAST_KEYS))
    for (const key of Object.values(words)) used.set(key, 'forecast.ts');
  for (const family of AUDIT_FAMILIES)
    used.set(family.label, 'AuditLogPage.tsx');
  for (const [prefix, values] of FAMILIES)
    for (const value of values) used.set(prefix + value, 'a contract constant');
  return used;
}

/** The fixed part of every t(`prefix.${…}`) key: some key must start with it. */
function templatePrefixes(): Map<string, string> {
  const prefixes = new Map<string, string>();
  const template = /\bt\(\s*`([\w.-]+\.)\$\{/g;
  for (const [file, text] of Object.entries(sources))
    for (const match of text.matchAll(template)) prefixes.set(match[1], file);
  return prefixes;
}

const PLURALS = ['_one', '_other'];

function has(catalog: object, key: string): boolean {
  const keys = new Set(catalogKeys(catalog));
  return keys.has(key) || PLURALS.every((suffix) => keys.has(key + suffix));
}

describe('the console’s messages', () => {
  it('finds the keys it checks (the scan works)', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(50);
    expect(used.has('portal.voteNow')).toBe(true);
    // a key table (QuestionQueue's FILTERS) and an i18nKey attribute
    expect(used.has('questions.filter.open')).toBe(true);
    expect(used.has('room.controls.reopenBody')).toBe(true);
    expect(templatePrefixes().has('live.basis.')).toBe(true);
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

  it.each([
    ['English', en],
    ['French', fr],
  ])(
    'have every key family built at run time in the %s catalog',
    (_name, catalog) => {
      const keys = catalogKeys(catalog);
      const missing = [...templatePrefixes()]
        .filter(([prefix]) => !keys.some((key) => key.startsWith(prefix)))
        .map(([prefix, file]) => `${prefix}… (${file})`);
      expect(missing).toEqual([]);
    },
  );
});
