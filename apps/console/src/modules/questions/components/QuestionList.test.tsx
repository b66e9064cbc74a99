import type { Question } from '@livevote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ManagerApi } from '../../../api/manager-api';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../auth/hooks/session-context';
import { QuestionList } from './QuestionList';

function aQuestion(overrides: Partial<Question> = {}): Question {
  return {
    key: 'q1',
    category: 'Repairs',
    text: 'When will the roof be repaired?',
    status: 'new',
    reply: null,
    repliedAt: null,
    onScreen: false,
    askedAt: '2026-11-21T18:00:00.000Z',
    updatedAt: '2026-11-21T18:00:00.000Z',
    memberKey: 'm1',
    unit: '104',
    voter: { key: 'v1', name: 'Dev Patel' },
    ...overrides,
  };
}

function renderList(questions: Question[]) {
  const api = {
    moderateQuestion: vi.fn(async (_s: string, key: string, body: object) =>
      aQuestion({ key, ...body }),
    ),
  };
  renderWithProviders(
    <SessionContext.Provider
      value={{
        api: api as unknown as ManagerApi,
        signIn: vi.fn(),
        signOut: vi.fn(),
      }}
    >
      <QuestionList shortCode="abc123" questions={questions} />
    </SessionContext.Provider>,
  );
  return api;
}

describe(QuestionList.name, () => {
  it('shows who asked what, and approves a new question', async () => {
    const user = userEvent.setup();
    const api = renderList([aQuestion()]);
    const item = screen.getByRole('listitem', {
      name: 'Question from unit 104',
    });
    expect(item.textContent).toContain('Repairs');
    expect(item.textContent).toContain('Dev Patel');
    expect(item.textContent).toContain('When will the roof be repaired?');
    // only an approved question can go on the screen
    expect(
      within(item).queryByRole('button', { name: /Show on the screen/ }),
    ).toBeNull();
    await user.click(
      within(item).getByRole('button', {
        name: 'Approve the question from unit 104',
      }),
    );
    await waitFor(() =>
      expect(api.moderateQuestion).toHaveBeenCalledWith('abc123', 'q1', {
        status: 'approved',
      }),
    );
  });

  it('puts an approved question on the screen and takes it off', async () => {
    const user = userEvent.setup();
    const api = renderList([
      aQuestion({ status: 'approved' }),
      aQuestion({ key: 'q2', unit: '106', status: 'approved', onScreen: true }),
    ]);
    await user.click(
      screen.getByRole('button', {
        name: 'Show on the screen: the question from unit 104',
      }),
    );
    await user.click(
      screen.getByRole('button', {
        name: 'Take off the screen: the question from unit 106',
      }),
    );
    await waitFor(() => expect(api.moderateQuestion).toHaveBeenCalledTimes(2));
    expect(api.moderateQuestion.mock.calls).toEqual([
      ['abc123', 'q1', { onScreen: true }],
      ['abc123', 'q2', { onScreen: false }],
    ]);
    expect(
      within(
        screen.getByRole('listitem', { name: 'Question from unit 106' }),
      ).getByText('On screen'),
    ).toBeTruthy();
  });

  it('replies in writing', async () => {
    const user = userEvent.setup();
    const api = renderList([aQuestion({ status: 'approved' })]);
    await user.click(
      screen.getByRole('button', { name: 'Reply in writing to unit 104' }),
    );
    await user.type(
      screen.getByLabelText('Written reply to unit 104'),
      'In the spring.',
    );
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(api.moderateQuestion).toHaveBeenCalledWith('abc123', 'q1', {
        reply: 'In the spring.',
      }),
    );
  });
});
