import type { PortalMeeting } from '@livevote/contracts';
import { describe, expect, it } from 'vitest';
import { aLiveMatter } from '../../../test/live-factories';
import { inLanguage, mergeMatters } from './merge-matters';

type PortalMatter = PortalMeeting['matters'][number];

const live = aLiveMatter({
  name: 'Approve the budget',
  header: 'Do you approve the budget?',
  options: ['For', 'Against', 'Abstain'],
  liveStatus: 'live',
  // a partial translation: no header, one label missing
  translations: {
    fr: { name: 'Approuver le budget', options: ['Pour', 'Contre'] },
  },
});

describe(mergeMatters.name, () => {
  it('gives the live texts in the reader’s language, the canonical text where one is missing', () => {
    const fr = inLanguage(live, 'fr');
    expect(fr.name).toBe('Approuver le budget');
    expect(fr.header).toBe('Do you approve the budget?');
    expect(fr.optionLabels).toEqual(['Pour', 'Contre', 'Abstain']);
    // ballots keep naming the canonical options
    expect(fr.options).toEqual(['For', 'Against', 'Abstain']);
    expect(inLanguage(live, 'en').optionLabels).toEqual([
      'For',
      'Against',
      'Abstain',
    ]);
  });

  it('keeps the portal’s eligibility while the live state brings the texts', () => {
    const portal = {
      ...aLiveMatter({ liveStatus: 'pending' }),
      name: 'Approuver le budget',
      optionLabels: ['Pour', 'Contre', 'Abstain'],
      allowProxyVote: true,
      eligible: true,
    } as PortalMatter;
    const { matters, missing } = mergeMatters([portal], [live], 'fr');
    expect(missing).toEqual([]);
    expect(matters[0]).toMatchObject({
      eligible: true,
      liveStatus: 'live',
      name: 'Approuver le budget',
      optionLabels: ['Pour', 'Contre', 'Abstain'],
    });
  });

  it('never shows a blank translation in place of a text', () => {
    const blank = aLiveMatter({
      translations: { fr: { name: '  ', options: ['', 'Contre'] } },
    });
    expect(inLanguage(blank, 'fr').name).toBe('Approve the budget');
    expect(inLanguage(blank, 'fr').optionLabels).toEqual(['For', 'Contre']);
  });
});

const translations = {
  fr: { name: 'Approuver le budget', options: ['Pour', 'Contre'] },
};

/** The portal's answer, already in French (docs/i18n.md). */
const portalMatter: PortalMatter = {
  ...aLiveMatter({ translations }),
  name: 'Approuver le budget',
  optionLabels: ['Pour', 'Contre'],
  allowProxyVote: true,
  eligible: true,
};

describe('mergeMatters, a live update of a portal answer', () => {
  it('reads a live update in the portal answer’s language, options staying canonical', () => {
    const live = aLiveMatter({ translations, liveStatus: 'live', seq: 3 });
    const { matters } = mergeMatters([portalMatter], [live], 'fr');
    expect(matters[0]).toMatchObject({
      name: 'Approuver le budget',
      options: ['For', 'Against'],
      optionLabels: ['Pour', 'Contre'],
      liveStatus: 'live',
      eligible: true,
    });
  });

  it('falls back to the canonical texts where a language has none', () => {
    const live = aLiveMatter({ translations, header: 'The 2027 budget' });
    const [english] = mergeMatters([portalMatter], [live], 'en').matters;
    expect(english).toMatchObject({
      name: 'Approve the budget',
      header: 'The 2027 budget',
      optionLabels: ['For', 'Against'],
    });
  });
});
