import type { PublishedCount, ReceiptStatus } from '@livevote/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { i18n } from '../../../i18n/i18n';
import { ReceiptsSection } from './ReceiptsSection';

const MATTER = { matterKey: 'm-1', name: 'Approve the budget' };
const target = { shortCode: 'abc123', voterKey: 'v-1', voterToken: 'tok' };

const aReceipt = (over: Partial<ReceiptStatus> = {}): ReceiptStatus => ({
  receipt: '7K3MQ9XD2PAB4C5E',
  matterKey: MATTER.matterKey,
  matterName: MATTER.name,
  kind: 'live',
  choices: ['For'],
  castAt: '2026-11-30T23:01:00.000Z',
  state: 'counts',
  current: null,
  proxy: null,
  reasons: [{ code: 'counted', at: null }],
  explanation:
    'Your live vote was counted: it is the ballot that stands for you on this matter.',
  published: true,
  ...over,
});

const count: PublishedCount = {
  matterKey: MATTER.matterKey,
  name: MATTER.name,
  options: ['For', 'Against'],
  exclusions: [],
  weightBasis: 'shares',
  openVerification: false,
  closedAt: '2026-11-30T23:05:00.000Z',
  publishedAt: '2026-11-30T23:06:00.000Z',
  receipts: [
    { receipt: '1111222233334444', weight: 2 },
    { receipt: '7K3MQ9XD2PAB4C5E', weight: 1.5 },
  ],
  totals: {
    units: 2,
    shares: 3.5,
    options: [
      { vote: 'For', units: 1, shares: 1.5 },
      { vote: 'Against', units: 1, shares: 2 },
    ],
    eligible: { units: 4, shares: 8 },
    present: { units: 2, shares: 3.5 },
  },
  verdict: 'defeated',
  chainHead: { position: 12, hash: 'ab'.repeat(32) },
};

describe(ReceiptsSection.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the member’s receipts and finds one in the published count', async () => {
    const requests = stubFetch(({ path }) =>
      path.endsWith('/receipts')
        ? json(200, [
            aReceipt(),
            aReceipt({
              receipt: 'ZZZZ0000ZZZZ0000',
              kind: 'early',
              state: 'replaced',
              current: {
                kind: 'live',
                castAt: '2026-11-30T23:01:00.000Z',
                receipt: '7K3MQ9XD2PAB4C5E',
              },
              reasons: [
                { code: 'replaced_precedence', at: '2026-11-30T23:01:00.000Z' },
              ],
              explanation: 'Replaced by your live vote at 23:01.',
            }),
          ])
        : json(200, count),
    );
    renderWithProviders(<ReceiptsSection target={target} matters={[MATTER]} />);
    // in groups that wrap apart (ReceiptCode), read as one code
    await waitFor(() =>
      expect(document.querySelector('.receipt-code code')?.textContent).toBe(
        '7K3M-Q9XD-2PAB-4C5E',
      ),
    );
    // worded from its reasons in the page's language, not the server's sentence
    expect(
      screen.getByText(
        /Replaced by your live vote at .+: a member’s live vote takes precedence over its early ballot\. That ballot counts instead\.$/,
      ),
    ).toBeDefined();

    fireEvent.change(screen.getByLabelText('Matter'), {
      target: { value: MATTER.matterKey },
    });
    // the receipt that counts on that matter, ready to look up
    const code = screen.getByRole('textbox', { name: 'Receipt code' });
    expect((code as HTMLInputElement).value).toBe('7K3M-Q9XD-2PAB-4C5E');
    fireEvent.click(screen.getByRole('button', { name: 'Look it up' }));
    await waitFor(() =>
      expect(
        screen.getByText(/^Found: 7K3M-Q9XD-2PAB-4C5E was counted/),
      ).toBeDefined(),
    );
    expect(screen.getByText(/with a weight of 1.5\.$/)).toBeDefined();
    const row = screen
      .getByRole('table', { name: `Counted receipts of ${MATTER.name}` })
      .querySelector('tr[aria-current="true"]');
    expect(row?.textContent).toContain('7K3M-Q9XD-2PAB-4C5E');
    expect(requests.map((r) => r.path)).toContain(
      '/portal/v1/Meetings/abc123/matters/m-1/published',
    );
    expect(requests[0].headers.get('authorization')).toBe('Bearer tok');
  });

  it('words the reasons in French when the page is French', async () => {
    stubFetch(() =>
      json(200, [
        aReceipt({
          kind: 'holder',
          state: 'withdrawn',
          reasons: [
            { code: 'withdrawn', at: '2026-11-30T23:01:00.000Z' },
            { code: 'proxy_revoked', at: null },
          ],
        }),
      ]),
    );
    await i18n.changeLanguage('fr');
    renderWithProviders(<ReceiptsSection target={target} matters={[]} />);
    expect(
      await screen.findByText(
        /Votre mandataire a retiré ce vote \(.+\) : aucun vote ne vous représente maintenant sur ce point\. Votre procuration a été révoquée : vous avez assisté à l’assemblée, vos propres votes comptent donc depuis ce moment\.$/,
      ),
    ).toBeDefined();
  });

  it('says a code is not in the count, and that a typo is not a code', async () => {
    stubFetch(({ path }) =>
      path.endsWith('/receipts') ? json(200, []) : json(200, count),
    );
    renderWithProviders(<ReceiptsSection target={target} matters={[MATTER]} />);
    expect(await screen.findByText('No ballot of yours yet.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Matter'), {
      target: { value: MATTER.matterKey },
    });
    const code = screen.getByRole('textbox', { name: 'Receipt code' });
    fireEvent.change(code, { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look it up' }));
    expect(
      await screen.findByText(
        'ABCD-EFGH-JKMN-PQRS is not among the 2 counted ballots of this matter.',
      ),
    ).toBeDefined();
    fireEvent.change(code, { target: { value: 'no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look it up' }));
    expect(
      await screen.findByText(
        'That is not a receipt code: 16 letters and digits.',
      ),
    ).toBeDefined();
  });

  it('explains a count not yet published', async () => {
    stubFetch(({ path }) =>
      path.endsWith('/receipts')
        ? json(200, [])
        : json(
            409,
            {
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              code: 'count_not_published',
              detail: 'The count of this matter is not published yet.',
            },
            'application/problem+json',
          ),
    );
    renderWithProviders(<ReceiptsSection target={target} matters={[MATTER]} />);
    fireEvent.change(await screen.findByLabelText('Matter'), {
      target: { value: MATTER.matterKey },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Receipt code' }), {
      target: { value: '7K3MQ9XD2PAB4C5E' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Look it up' }));
    expect(
      await screen.findByText('The count of this matter is not published yet.'),
    ).toBeDefined();
  });
  it('says in the page’s language that an answer of the wrong shape was not understood', async () => {
    // a receipt without its state, as a gateway out of step with the console would send it
    const { state: _, ...stateless } = aReceipt();
    stubFetch(() => json(200, [stateless]));
    await i18n.changeLanguage('fr');
    renderWithProviders(<ReceiptsSection target={target} matters={[]} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La réponse du serveur n’a pas la forme attendue. Rechargez la page ; si cela se reproduit, prévenez votre administrateur.',
    );
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
