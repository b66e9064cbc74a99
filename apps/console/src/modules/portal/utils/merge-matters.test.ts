import { describe, expect, it } from 'vitest';
import type { PortalMeeting } from '@livevote/contracts';
import { aLiveMatter } from '../../../test/live-factories';
import { mergeMatters } from './merge-matters';

type PortalMatter = PortalMeeting['matters'][number];

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

describe('mergeMatters', () => {
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
