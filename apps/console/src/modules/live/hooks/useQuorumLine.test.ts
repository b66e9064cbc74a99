import type { QuorumEvent } from '@livevote/contracts';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { useQuorumLine, useQuorumSplit } from './useQuorumLine';

const quorum: QuorumEvent = {
  shortCode: 'agm',
  present: 1200,
  proxies: 1,
  presentInPerson: 200,
  presentOnline: 1000,
  required: 1500,
  met: false,
  basis: 'units',
};

describe(useQuorumLine.name, () => {
  it('says present, by proxy, counted and needed, with the basis word', () => {
    const { result } = renderHook(() => useQuorumLine());

    expect(result.current(quorum)).toBe(
      '1,200 present + 1 by proxy = 1,201 of 1,500 units needed',
    );
    expect(
      result.current({ ...quorum, basis: 'shares', required: 1, present: 0.5 }),
    ).toBe('0.5 present + 1 by proxy = 1.5 of 1 share needed');
  });

  it('says no quorum is required rather than "of 0 needed"', () => {
    const { result } = renderHook(() => useQuorumLine());

    expect(result.current({ ...quorum, required: 0, met: true })).toBe(
      '1,200 present + 1 by proxy = 1,201; no quorum required',
    );
  });

  it('speaks French, with French figures', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const { result } = renderHook(() => useQuorumLine());

    expect(result.current(quorum).replace(/\s/g, ' ')).toBe(
      'présentes : 1 200 + par procuration : 1 = 1 201 (quorum : 1 500 unités)',
    );
    expect(result.current({ ...quorum, required: 0 }).replace(/\s/g, ' ')).toBe(
      'présentes : 1 200 + par procuration : 1 = 1 201 (aucun quorum requis)',
    );
  });
});

describe(useQuorumSplit.name, () => {
  it('says how many are present each way', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { result } = renderHook(() => useQuorumSplit());

    expect(result.current(quorum)).toBe(
      'Present: 200 in person, 1,000 online; 1 by proxy',
    );
  });

  it('speaks French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const { result } = renderHook(() => useQuorumSplit());

    expect(result.current(quorum).replace(/\s/g, ' ')).toBe(
      'Présentes : 200 sur place, 1 000 en ligne ; par procuration : 1',
    );
  });
});
