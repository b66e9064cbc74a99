import type { OwnQuestions } from '@livevote/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveChannel } from '../../../api/live/live-channel';
import { LiveChannelContext } from '../../../api/live/live-context';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { AskQuestionPanel } from './AskQuestionPanel';

const TARGET = {
  shortCode: 'abc123',
  voterKey: 'v1',
  voterToken: 'voter-token',
};

describe(AskQuestionPanel.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a question in the chosen category and lists the voter’s questions with replies', async () => {
    const user = userEvent.setup();
    let own: OwnQuestions = {
      language: 'en',
      categories: ['Budget', 'Repairs'],
      open: true,
      questions: [
        {
          key: 'q0',
          category: 'Budget',
          text: 'Why did the fees go up?',
          status: 'answered',
          reply: 'Insurance costs rose 12%.',
          repliedAt: '2026-11-21T18:05:00.000Z',
          askedAt: '2026-11-21T18:00:00.000Z',
        },
      ],
    };
    const requests = stubFetch((request) => {
      if (request.method === 'POST') {
        const asked = {
          key: 'q1',
          ...(request.body as { category: string; text: string }),
          status: 'new' as const,
          reply: null,
          repliedAt: null,
          askedAt: '2026-11-21T18:10:00.000Z',
        };
        own = { ...own, questions: [asked, ...own.questions] };
        return json(201, asked);
      }
      return json(200, own);
    });
    renderWithProviders(
      <LiveChannelContext.Provider
        value={new LiveChannel('abc123', 'voter-token')}
      >
        <AskQuestionPanel target={TARGET} />
      </LiveChannelContext.Provider>,
    );

    expect(
      (await screen.findByRole('list', { name: 'Your questions' })).textContent,
    ).toContain('Reply from the chair: Insurance costs rose 12%.');
    await user.selectOptions(screen.getByLabelText('Category'), 'Repairs');
    await user.type(
      screen.getByLabelText('Your question'),
      'When is the roof done?',
    );
    await user.click(screen.getByRole('button', { name: 'Send question' }));

    expect((await screen.findByRole('status')).textContent).toContain(
      'Your question was sent to the chair.',
    );
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/portal/v1/Meetings/abc123/questions');
    expect(post.body).toEqual({
      category: 'Repairs',
      text: 'When is the roof done?',
    });
    expect(post.headers.get('authorization')).toBe('Bearer voter-token');
    await waitFor(() =>
      expect(
        screen.getByRole('list', { name: 'Your questions' }).textContent,
      ).toContain('When is the roof done?'),
    );
  });

  it('says when the meeting takes no more questions', async () => {
    stubFetch(() =>
      json(200, {
        language: 'en',
        categories: ['Budget'],
        open: false,
        questions: [],
      }),
    );
    renderWithProviders(
      <LiveChannelContext.Provider
        value={new LiveChannel('abc123', 'voter-token')}
      >
        <AskQuestionPanel target={TARGET} />
      </LiveChannelContext.Provider>,
    );
    expect(
      (await screen.findByText('The meeting takes no more questions.')).tagName,
    ).toBe('P');
    expect(screen.queryByRole('button', { name: 'Send question' })).toBeNull();
  });
  it('sends in the first category unless another is picked, and names the question the contract refuses', async () => {
    const user = userEvent.setup();
    const requests = stubFetch((request) =>
      request.method === 'POST'
        ? json(201, {
            key: 'q1',
            ...(request.body as { category: string; text: string }),
            status: 'new',
            reply: null,
            repliedAt: null,
            askedAt: '2026-11-21T18:10:00.000Z',
          })
        : json(200, {
            language: 'en',
            categories: ['Budget', 'Repairs'],
            open: true,
            questions: [],
          }),
    );
    renderWithProviders(
      <LiveChannelContext.Provider
        value={new LiveChannel('abc123', 'voter-token')}
      >
        <AskQuestionPanel target={TARGET} />
      </LiveChannelContext.Provider>,
    );
    const category = (await screen.findByLabelText(
      'Category',
    )) as HTMLSelectElement;
    expect(category.value).toBe('Budget');
    const text = screen.getByLabelText('Your question');
    await user.type(text, 'Bell\u0007?');
    await user.click(screen.getByRole('button', { name: 'Send question' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your question: invalid value');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(text.getAttribute('aria-describedby')).toBe(alert.id);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(text);
    await user.type(text, '  Why?  ');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    await screen.findByRole('status');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      category: 'Budget',
      text: 'Why?',
    });
    expect((text as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
