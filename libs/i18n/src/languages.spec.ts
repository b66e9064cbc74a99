import { describe, expect, it } from 'vitest';
import {
  browserLanguage,
  chooseLanguage,
  languageOfTag,
  parseAcceptLanguage,
} from './languages';

describe('parseAcceptLanguage', () => {
  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.8', ['fr-CA', 'fr', 'en']],
    ['en;q=0.5, fr;q=0.9', ['fr', 'en']],
    ['de, *;q=0.1', ['de']],
    ['fr;q=0, en', ['en']],
    ['', []],
  ])('reads "%s" best first', (header, tags) => {
    expect(parseAcceptLanguage(header)).toEqual(tags);
  });
});

describe('languageOfTag', () => {
  it.each([
    ['fr-CA', 'fr'],
    ['FR', 'fr'],
    ['en_GB', 'en'],
    ['de-DE', null],
    ['', null],
  ])('%s is %s', (tag, lng) => {
    expect(languageOfTag(tag)).toBe(lng);
  });

  it('skips browser languages we do not speak', () => {
    expect(browserLanguage(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(browserLanguage(['de'])).toBeNull();
  });
});

describe('chooseLanguage', () => {
  it.each([
    // the voter's own preference wins over everything
    [{ preference: 'fr', browser: ['en-US'], meeting: 'en' }, 'fr'],
    // then the browser
    [{ preference: null, browser: ['fr-CA', 'en'], meeting: 'en' }, 'fr'],
    [{ browser: ['de', 'en'], meeting: 'fr' }, 'en'],
    // then the meeting's default
    [{ browser: ['de'], meeting: 'fr' }, 'fr'],
    [{ meeting: 'fr' }, 'fr'],
    // a stored value we no longer speak is ignored
    [{ preference: 'es', meeting: 'fr' }, 'fr'],
    [{}, 'en'],
  ])('%o speaks %s', (input, lng) => {
    expect(chooseLanguage(input)).toBe(lng);
  });
});
