import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  DirectionFields,
  directionsPayload,
  type DirectableMatter,
  type Directions,
} from './DirectionFields';

const MATTERS: DirectableMatter[] = [
  {
    matterKey: 'chair',
    name: 'Elect the chair',
    header: '',
    options: ['Grace Lee', 'Hugo Rossi', 'Irene Walsh'],
    choices: 1,
    votingMethod: 'ranked',
    candidates: [{ name: 'Hugo Rossi', statement: 'Ten years as treasurer.' }],
  },
  {
    matterKey: 'board',
    name: 'Elect two directors',
    header: '',
    options: ['Grace Lee', 'Hugo Rossi', 'Irene Walsh'],
    choices: 2,
    votingMethod: 'cumulative',
  },
];

let latest: Directions = {};
function Harness() {
  const [value, setValue] = useState<Directions>({});
  latest = value;
  return (
    <DirectionFields matters={MATTERS} value={value} onChange={setValue} />
  );
}

describe(DirectionFields.name, () => {
  it('directs a ranked and a cumulative election with the ballot inputs, sent in their shapes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(directionsPayload(MATTERS, latest)).toEqual([
      { matterKey: 'chair', choices: null },
      { matterKey: 'board', choices: null },
    ]);

    const [directChair, directBoard] = screen.getAllByRole('radio', {
      name: 'I direct the vote',
    });
    await user.click(directChair!);
    // directed but nothing ranked: not sendable
    expect(directionsPayload(MATTERS, latest)).toBeNull();
    await user.click(
      screen.getByRole('button', { name: 'Hugo Rossi, not ranked' }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Grace Lee, not ranked' }),
    );
    expect(screen.getByText('Ten years as treasurer.')).toBeDefined();

    await user.click(directBoard!);
    await user.click(
      screen.getByRole('button', { name: 'One vote more for Irene Walsh' }),
    );
    await user.click(
      screen.getByRole('button', { name: 'One vote more for Irene Walsh' }),
    );
    expect(screen.getByText('0 of 2 votes left')).toBeDefined();

    expect(directionsPayload(MATTERS, latest)).toEqual([
      { matterKey: 'chair', ranking: ['Hugo Rossi', 'Grace Lee'] },
      {
        matterKey: 'board',
        allocations: [{ option: 'Irene Walsh', votes: 2 }],
      },
    ]);
  });
});
