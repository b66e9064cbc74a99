import type { Account, AuthTokenResponse } from '@livevote/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { json, problem, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { AccountPicker } from '../../accounts/components/AccountPicker';
import { SessionContext } from '../hooks/session-context';
import { SessionProvider } from './SessionProvider';
import { SignInForm } from './SignInForm';

function aToken(overrides: Partial<AuthTokenResponse> = {}): AuthTokenResponse {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    expires_in: 300,
    grant_type: 'username+password',
    ...overrides,
  };
}

function anAccount(overrides: Partial<Account> = {}): Account {
  return {
    key: 'acct-1',
    name: 'Harbour Housing Co-op',
    nameShort: 'Harbour',
    address: {
      address: '1 Quay Street',
      city: 'Halifax',
      prov: 'NS',
      postal: 'B3J 1A1',
      country: 'CA',
    },
    contactName: 'Ada Chair',
    contactEmail: 'chair@example.org',
    language: 'en',
    subscription: { product: 'standard', status: 'active' },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    myRoles: ['owner'],
    ...overrides,
  };
}

function notFound(): Response {
  return problem({
    status: 404,
    title: 'Not Found',
    code: 'not_found',
    detail: 'No route.',
  });
}

function renderSignIn(route = '/signin') {
  return renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/signin" element={<SignInForm />} />
        <Route path="/accounts" element={<AccountPicker />} />
        <Route path="/meetings/:shortCode" element={<p>Meeting page</p>} />
      </Routes>
    </SessionProvider>,
    { route },
  );
}

function submitCredentials(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), {
    target: { value: email },
  });
  fireEvent.change(screen.getByLabelText('Password'), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe(SignInForm.name, () => {
  it('signs in and lists the accounts fetched with the access token', async () => {
    const requests = stubFetch(({ method, path }) => {
      if (method === 'POST' && path === '/auth/token')
        return json(200, aToken());
      if (method === 'GET' && path === '/v1/Accounts')
        return json(200, [
          anAccount(),
          anAccount({ key: 'acct-2', name: 'Riverside Tenants Association' }),
        ]);
      return notFound();
    });
    renderSignIn();

    submitCredentials('chair@example.org', 'correct horse');

    const list = await screen.findByRole('list', { name: 'Accounts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/accounts/acct-1',
      '/accounts/acct-2',
    ]);
    expect(links[0]?.textContent).toContain('Harbour Housing Co-op');
    expect(links[1]?.textContent).toContain('Riverside Tenants Association');
    expect(screen.queryByRole('alert')).toBeNull();
    // the tab first tried the browser's session cookie, which it did not have
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /auth/oauth/refresh',
      'POST /auth/token',
      'GET /v1/Accounts',
    ]);
    expect(requests[1]?.body).toStrictEqual({
      username: 'chair@example.org',
      password: 'correct horse',
    });
    expect(requests[2]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('goes back to the page that asked for a sign-in, and only to a page of the console', async () => {
    stubFetch(({ path }) =>
      path === '/auth/token' ? json(200, aToken()) : notFound(),
    );
    renderSignIn('/signin?next=%2Fmeetings%2Fabc123');

    submitCredentials('chair@example.org', 'correct horse');

    expect(await screen.findByText('Meeting page')).toBeDefined();
  });

  it.each([
    '//evil.example/',
    '/\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
  ])('ignores the next page %j and goes to the accounts', async (next) => {
    stubFetch(({ path }) =>
      path === '/auth/token' ? json(200, aToken()) : json(200, []),
    );
    renderSignIn(`/signin?next=${encodeURIComponent(next)}`);

    submitCredentials('chair@example.org', 'correct horse');

    expect(
      await screen.findByRole('heading', { name: 'Accounts' }),
    ).toBeDefined();
  });

  it('shows the problem detail in an alert when the credentials are refused', async () => {
    const requests = stubFetch(() => problem());
    renderSignIn();

    submitCredentials('chair@example.org', 'wrong');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The e-mail, password or one-time code is not correct.',
    );
    expect(screen.queryByRole('heading', { name: 'Accounts' })).toBeNull();
    expect(screen.queryByLabelText('One-time code')).toBeNull();
    expect(requests.map(({ path }) => path)).toEqual([
      '/auth/oauth/refresh',
      '/auth/token',
    ]);
  });

  it('reveals and focuses the one-time code field when the account needs one', async () => {
    const requests = stubFetch(({ path, body }) => {
      if (path === '/v1/Accounts') return json(200, [anAccount()]);
      const { mfaToken } = body as { mfaToken?: string };
      if (mfaToken === undefined)
        return problem({
          code: 'mfa_required',
          detail: 'This account needs a one-time code (mfaToken).',
        });
      return mfaToken === '123456' ? json(200, aToken()) : problem();
    });
    renderSignIn();
    expect(screen.queryByLabelText('One-time code')).toBeNull();

    submitCredentials('chair@example.org', 'correct horse');

    const codeField = await screen.findByLabelText('One-time code');
    expect(document.activeElement).toBe(codeField);
    expect(screen.getByRole('alert').textContent).toBe(
      'This account needs a one-time code (mfaToken).',
    );

    fireEvent.change(codeField, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('list', { name: 'Accounts' })).toBeDefined();
    expect(requests.at(-2)?.body).toStrictEqual({
      username: 'chair@example.org',
      password: 'correct horse',
      mfaToken: '123456',
    });
  });

  it('speaks French: the form, a server out of reach, and the accounts after', async () => {
    await act(() => i18n.changeLanguage('fr'));
    let reachable = false;
    stubFetch(({ path }) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      if (path === '/auth/token') return json(200, aToken());
      if (path === '/v1/Accounts') return json(200, []);
      return notFound();
    });
    renderSignIn();
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeDefined();

    fireEvent.change(screen.getByLabelText('Courriel'), {
      target: { value: 'chair@example.org' },
    });
    fireEvent.change(screen.getByLabelText('Mot de passe'), {
      target: { value: 'correct horse' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
    );

    reachable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(
      await screen.findByRole('heading', { name: 'Comptes' }),
    ).toBeDefined();
    expect(
      screen.getByRole('searchbox', { name: 'Rechercher un compte' }),
    ).toBeDefined();
    expect(
      await screen.findByText('Vous n’êtes encore membre d’aucun compte.'),
    ).toBeDefined();
  });

  it.each([
    ['en', 'Your session has ended. Sign in again to continue.'],
    ['fr', 'Votre session a pris fin. Reconnectez-vous pour continuer.'],
  ])(
    'says in %s that the session has ended by itself',
    async (lng, message) => {
      await act(() => i18n.changeLanguage(lng));
      renderWithProviders(
        <SessionContext.Provider
          value={{ endedBecause: 'expired', signIn: vi.fn(), signOut: vi.fn() }}
        >
          <SignInForm />
        </SessionContext.Provider>,
      );
      expect(screen.getByRole('alert').textContent).toBe(message);
    },
  );

  it('says nothing of an ended session when it ended by a sign-out', () => {
    renderWithProviders(
      <SessionContext.Provider value={{ signIn: vi.fn(), signOut: vi.fn() }}>
        <SignInForm />
      </SessionContext.Provider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it.each([
    ['en', 'Password', 'Sign in', 'Password: at most 1,024 characters'],
    [
      'fr',
      'Mot de passe',
      'Se connecter',
      'Mot de passe : au plus 1 024 caractères',
    ],
  ])(
    'names in %s a password longer than the gateway takes, and sends nothing',
    async (lng, label, button, words) => {
      await act(() => i18n.changeLanguage(lng));
      const signIn = vi.fn();
      renderWithProviders(
        <SessionContext.Provider value={{ signIn, signOut: vi.fn() }}>
          <SignInForm />
        </SessionContext.Provider>,
      );
      fireEvent.change(screen.getByRole('textbox'), {
        target: { value: ' chair@example.org ' },
      });
      const password = screen.getByLabelText(label);
      fireEvent.change(password, { target: { value: 'x'.repeat(1025) } });
      fireEvent.click(screen.getByRole('button', { name: button }));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(words);
      expect(password.getAttribute('aria-invalid')).toBe('true');
      expect(password.getAttribute('aria-describedby')).toBe(alert.id);
      expect(document.activeElement).toBe(password);
      expect(signIn).not.toHaveBeenCalled();

      fireEvent.change(password, { target: { value: 'correct horse' } });
      fireEvent.click(screen.getByRole('button', { name: button }));
      await vi.waitFor(() =>
        expect(signIn).toHaveBeenCalledWith({
          username: 'chair@example.org',
          password: 'correct horse',
        }),
      );
    },
  );
});
