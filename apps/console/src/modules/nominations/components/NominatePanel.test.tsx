import type { Nomination } from '@livevote/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { NominatePanel } from './NominatePanel';

const TARGET = { shortCode: 'abc123', voterKey: 'v1', voterToken: 'tok' };
const FUTURE = '2030-01-01T00:00:00.000Z';

function stub(initial: Nomination[]) {
  let own = initial;
  const requests = stubFetch((request) => {
    if (request.method === 'POST') {
      const body = request.body as { name: string; statement: string };
      const created: Nomination = {
        key: `n${own.length + 1}`,
        memberKey: 'm1',
        unit: '101',
        name: body.name,
        statement: body.statement,
        translations: {},
        status: 'submitted',
        rejectReason: null,
        submittedAt: '2026-11-20T15:00:00.000Z',
      };
      own = [created, ...own];
      return json(201, created);
    }
    if (request.method === 'DELETE') {
      own = own.map((n) =>
        request.path.endsWith(n.key)
          ? { ...n, status: 'withdrawn' as const }
          : n,
      );
      return new Response(null, { status: 204 });
    }
    return json(200, own);
  });
  return requests;
}

describe(NominatePanel.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('nominates with a live character count, consent required, and withdraws', async () => {
    const user = userEvent.setup();
    const requests = stub([]);
    renderWithProviders(
      <NominatePanel target={TARGET} deadline={FUTURE} timeZone="UTC" />,
    );
    await screen.findByRole('heading', { name: 'Nominate a candidate' });
    await user.type(screen.getByLabelText('Candidate’s name'), 'Grace Lee');
    await user.type(
      screen.getByLabelText('Candidate’s statement'),
      'Twelve years.',
    );
    expect(screen.getByText('13 / 2,000 characters')).toBeTruthy();
    // the statement field names its count for screen readers
    expect(
      screen
        .getByLabelText('Candidate’s statement')
        .getAttribute('aria-describedby'),
    ).toContain('count');

    await user.click(
      screen.getByRole('button', { name: 'Send the nomination' }),
    );
    // without the candidate's consent nothing is sent
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The candidate has agreed to stand for election.',
    );
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(
      screen.getByLabelText('The candidate has agreed to stand for election.'),
    );
    await user.click(
      screen.getByRole('button', { name: 'Send the nomination' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your nomination of Grace Lee was sent to the organizers.',
    );
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/portal/v1/Meetings/abc123/nominations');
    // an empty e-mail is left out, not sent as ""
    expect(post.body).toEqual({
      name: 'Grace Lee',
      statement: 'Twelve years.',
      consent: true,
    });
    expect(post.headers.get('authorization')).toBe('Bearer tok');

    const yours = await screen.findByRole('list', { name: 'Your nominations' });
    expect(yours.textContent).toContain('Grace Lee · Awaiting review');
    await user.click(
      screen.getByRole('button', {
        name: 'Withdraw the nomination of Grace Lee',
      }),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('list', { name: 'Your nominations' }).textContent,
      ).toContain('Grace Lee · Withdrawn'),
    );
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(
      '/portal/v1/Meetings/abc123/nominations/n1',
    );
  });

  it('refuses a nominee e-mail that is not an address', async () => {
    const user = userEvent.setup();
    const requests = stub([]);
    renderWithProviders(
      <NominatePanel target={TARGET} deadline={FUTURE} timeZone="UTC" />,
    );
    await user.type(
      await screen.findByLabelText('Candidate’s name'),
      'Grace Lee',
    );
    await user.type(
      screen.getByLabelText('Candidate’s e-mail (optional)'),
      'grace',
    );
    await user.click(
      screen.getByLabelText('The candidate has agreed to stand for election.'),
    );
    await user.click(
      screen.getByRole('button', { name: 'Send the nomination' }),
    );
    // the browser's own check of an e-mail field stops it first
    expect(
      (
        screen.getByLabelText(
          'Candidate’s e-mail (optional)',
        ) as HTMLInputElement
      ).validity.valid,
    ).toBe(false);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('once closed, shows only the member’s nominations, without withdrawing', async () => {
    stub([
      {
        key: 'n1',
        memberKey: 'm1',
        unit: '101',
        name: 'Hugo Rossi',
        statement: '',
        translations: {},
        status: 'rejected',
        rejectReason: 'Not an owner.',
        submittedAt: '2026-11-20T15:00:00.000Z',
      },
    ]);
    renderWithProviders(
      <NominatePanel
        target={TARGET}
        deadline="2026-01-01T00:00:00.000Z"
        timeZone="UTC"
      />,
    );
    expect(await screen.findByText('Nominations are closed.')).toBeTruthy();
    expect(screen.queryByLabelText('Candidate’s name')).toBeNull();
    expect(
      screen.getByRole('list', { name: 'Your nominations' }).textContent,
    ).toContain('Not an owner.');
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('shows nothing for a meeting that takes no nominations', async () => {
    stub([]);
    const { container } = renderWithProviders(
      <NominatePanel target={TARGET} deadline={null} />,
    );
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
