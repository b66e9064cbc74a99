import type { Language } from '@livevote/i18n';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ballotSchema } from './ballot-schema';

const MATTER = { options: ['For', 'Against', 'Abstain'], choices: 2 };

function problemOf(lng: Language, choices: string[]) {
  const parsed = ballotSchema(MATTER, i18n.getFixedT(lng)).safeParse({
    choices,
  });
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
}

describe(ballotSchema.name, () => {
  it.each([
    [['For'], null, null],
    [['For', 'Against'], null, null],
    [[], ['required'], ['obligatoire']],
    [
      ['For', 'For'],
      ['The same option was chosen twice.'],
      ['La même option a été choisie deux fois.'],
    ],
    [['Maybe'], ['A choice is not one of the options of this matter.'], null],
    [
      ['For', 'Against', 'Abstain'],
      ['More choices than this matter allows.'],
      null,
    ],
  ] as const)('words %j by the gateway’s rule', (choices, english, french) => {
    expect(problemOf('en', [...choices])).toEqual(english);
    if (french) expect(problemOf('fr', [...choices])).toEqual(french);
    else if (english)
      expect(problemOf('fr', [...choices])).not.toEqual(english);
  });
});
