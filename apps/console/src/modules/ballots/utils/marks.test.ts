import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, moveRank, stepVotes, toggleRank } from './marks';

const OPTIONS = ['Ana', 'Ben', 'Cy'];

describe('marks', () => {
  it.each([
    ['plurality', { choices: ['Ben'], votes: [] }, { choices: ['Ben'] }],
    [
      'ranked',
      { choices: ['Cy', 'Ana'], votes: [] },
      { ranking: ['Cy', 'Ana'] },
    ],
    [
      'cumulative',
      { choices: ['Ana', 'Cy'], votes: [2, 1] },
      {
        allocations: [
          { option: 'Ana', votes: 2 },
          { option: 'Cy', votes: 1 },
        ],
      },
    ],
  ] as const)('sends a %s draft as its body', (method, draft, body) => {
    expect(
      bodyOf(method, { choices: [...draft.choices], votes: [...draft.votes] }),
    ).toEqual(body);
  });

  it('ranks in tapping order, unranks on a second tap, moves within the ends', () => {
    let draft = toggleRank({ choices: [], votes: [] }, 'Cy');
    draft = toggleRank(draft, 'Ana');
    draft = toggleRank(draft, 'Ben');
    expect(draft.choices).toEqual(['Cy', 'Ana', 'Ben']);
    expect(moveRank(draft, 'Ben', -1).choices).toEqual(['Cy', 'Ben', 'Ana']);
    expect(moveRank(draft, 'Cy', -1)).toBe(draft);
    expect(moveRank(draft, 'Ben', 1)).toBe(draft);
    expect(toggleRank(draft, 'Ana').choices).toEqual(['Cy', 'Ben']);
  });

  it('steps votes within 0 and the limit, in option order, dropping an option left with none', () => {
    let draft = stepVotes({ choices: [], votes: [] }, OPTIONS, 'Cy', 1, 3);
    draft = stepVotes(draft, OPTIONS, 'Ana', 1, 3);
    draft = stepVotes(draft, OPTIONS, 'Ana', 1, 3);
    expect(draft).toEqual({ choices: ['Ana', 'Cy'], votes: [2, 1] });
    expect(stepVotes(draft, OPTIONS, 'Ben', 1, 3)).toBe(draft);
    expect(stepVotes(draft, OPTIONS, 'Ben', -1, 3)).toBe(draft);
    expect(stepVotes(draft, OPTIONS, 'Cy', -1, 3)).toEqual({
      choices: ['Ana'],
      votes: [2],
    });
  });

  it('reads an answer back into a draft, dropping options the matter lacks', () => {
    const matter = { options: OPTIONS, choices: 3 };
    expect(
      draftOf(
        {
          choices: ['Ana'],
          allocations: [
            { option: 'Ana', votes: 3 },
            { option: 'Zed', votes: 1 },
          ],
        },
        { ...matter, votingMethod: 'cumulative' },
      ),
    ).toEqual({ choices: ['Ana'], votes: [3] });
    expect(
      draftOf(
        { choices: ['Cy', 'Zed'], ranking: ['Cy', 'Zed'] },
        { ...matter, votingMethod: 'ranked' },
      ),
    ).toEqual({ choices: ['Cy'], votes: [] });
    expect(draftOf(null, { ...matter, votingMethod: 'plurality' })).toEqual({
      choices: [],
      votes: [],
    });
  });
});
