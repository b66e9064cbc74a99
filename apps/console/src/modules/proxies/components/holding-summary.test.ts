import type { HolderView } from '@livevote/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { holdingSummary } from './HolderPage';

const view = {
  totals: { proxies: 2, shares: 3, directed: 0, discretionary: 2 },
} as HolderView;

describe(holdingSummary.name, () => {
  it('says what is directed on every matter, so a matter with one directed proxy does not contradict it', () => {
    const text = holdingSummary(
      i18n.getFixedT('en'),
      String,
      view,
      'Board Secretary',
    );
    expect(text).toBe(
      'Board Secretary holds 2 proxies, 3 shares: 0 directed on every matter, 2 with a vote at the holder’s discretion on at least one. Each matter below says how many.',
    );
    expect(text).not.toMatch(/0 directed, 2 at/);
  });
});
