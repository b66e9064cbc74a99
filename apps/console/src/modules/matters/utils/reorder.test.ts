import { describe, expect, it } from 'vitest';
import { reorderPatches } from './reorder';

const matters = [
  { key: 'a', order: 1 },
  { key: 'b', order: 2 },
  { key: 'c', order: 5 },
];

describe('reorderPatches', () => {
  it('swaps two neighbours and patches only what changes', () => {
    const numbered = [...matters.slice(0, 2), { key: 'c', order: 3 }];
    expect(reorderPatches(numbered, 1, -1)).toEqual([
      { key: 'b', order: 1 },
      { key: 'a', order: 2 },
    ]);
  });

  it('closes gaps in the numbering on the way', () => {
    expect(reorderPatches(matters, 0, 1)).toEqual([
      { key: 'b', order: 1 },
      { key: 'a', order: 2 },
      { key: 'c', order: 3 },
    ]);
  });

  it('does nothing past either end', () => {
    expect(reorderPatches(matters, 0, -1)).toEqual([]);
    expect(reorderPatches(matters, 2, 1)).toEqual([]);
  });
});
