import type { AuthTokenResponse } from '@livevote/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { ConsoleLayout } from './ConsoleLayout';
import { SessionProvider } from './SessionProvider';
import { SignInForm } from './SignInForm';

const token: AuthTokenResponse = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'Bearer',
  expires_in: 300,
  grant_type: 'username+password',
};

describe(ConsoleLayout.name, () => {
  it('signs out by revoking the session cookie on the gateway, keeping no token here', async () => {
    const requests = stubFetch(({ path }) => {
      if (path === '/auth/token') return json(200, token);
      if (path === '/auth/logout') return new Response(null, { status: 204 });
      if (path === '/auth/oauth/refresh')
        return json(
          401,
          { code: 'invalid_refresh_token' },
          'application/problem+json',
        );
      return json(200, []);
    });
    renderWithProviders(
      <SessionProvider>
        <Routes>
          <Route element={<ConsoleLayout />}>
            <Route path="/signin" element={<SignInForm />} />
            <Route path="/accounts" element={<p>Accounts page</p>} />
          </Route>
        </Routes>
      </SessionProvider>,
      { route: '/signin' },
    );
    fireEvent.change(screen.getByLabelText('E-mail'), {
      target: { value: 'chair@example.org' },
    });
    fireEvent.change(screen.getByLabelText('Password'), {
      target: { value: 'correct horse' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Accounts page');
    expect(
      JSON.stringify({ ...window.localStorage, ...window.sessionStorage }),
    ).not.toContain('refresh-1');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(
      await screen.findByRole('button', { name: 'Sign in' }),
    ).toBeDefined();
    await waitFor(() =>
      expect(
        requests.filter(({ path }) => path === '/auth/logout'),
      ).toHaveLength(1),
    );
    const logout = requests.find(({ path }) => path === '/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.body).toStrictEqual({});
  });
});
