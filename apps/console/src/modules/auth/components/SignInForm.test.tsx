import type {
  Account,
  AuthTokenResponse,
  ProblemDetails,
} from '@livevote/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SignInForm } from './SignInForm';

interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Responder = (request: RecordedRequest) => Response;

/** Replaces the browser's fetch with `respond` and records every request it sees. */
function stubFetch(respond: Responder): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request: RecordedRequest = {
        method: init.method ?? 'GET',
        path: String(input),
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      return respond(request);
    }),
  );
  return requests;
}

function json(status: number, body: unknown, contentType = 'application/json') {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': contentType },
  });
}

function problem(overrides: Partial<ProblemDetails> = {}): Response {
  const body: ProblemDetails = {
    type: 'about:blank',
    title: 'Unauthorized',
    status: 401,
    code: 'invalid_credentials',
    detail: 'The e-mail, password or one-time code is not correct.',
    ...overrides,
  };
  return json(body.status, body, 'application/problem+json');
}

function aToken(overrides: Partial<AuthTokenResponse> = {}): AuthTokenResponse {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    expires_in: 900,
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
    subscription: { product: 'standard', status: 'active' },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
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
      if (method === 'GET' && path === '/v1/Accounts') {
        return json(200, [
          anAccount(),
          anAccount({ key: 'acct-2', name: 'Riverside Tenants Association' }),
        ]);
      }
      return notFound();
    });
    render(<SignInForm />);

    submitCredentials('chair@example.org', 'correct horse');

    expect(
      await screen.findByRole('heading', { name: 'Signed in' }),
    ).toBeDefined();
    const list = await screen.findByRole('list', { name: 'Accounts' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual([
      'Harbour Housing Co-op',
      'Riverside Tenants Association',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();

    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /auth/token',
      'GET /v1/Accounts',
    ]);
    expect(requests[0]?.body).toStrictEqual({
      username: 'chair@example.org',
      password: 'correct horse',
    });
    expect(requests[1]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('shows the problem detail in an alert when the credentials are refused', async () => {
    const requests = stubFetch(() => problem());
    render(<SignInForm />);

    submitCredentials('chair@example.org', 'wrong');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The e-mail, password or one-time code is not correct.',
    );
    expect(screen.queryByRole('heading', { name: 'Signed in' })).toBeNull();
    expect(screen.queryByLabelText('One-time code')).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('reveals and focuses the one-time code field when the account needs one', async () => {
    const requests = stubFetch(({ path, body }) => {
      if (path === '/v1/Accounts') return json(200, [anAccount()]);
      const { mfaToken } = body as { mfaToken?: string };
      if (mfaToken === undefined) {
        return problem({
          code: 'mfa_required',
          detail: 'This account needs a one-time code (mfaToken).',
        });
      }
      return mfaToken === '123456' ? json(200, aToken()) : problem();
    });
    render(<SignInForm />);
    expect(screen.queryByLabelText('One-time code')).toBeNull();

    submitCredentials('chair@example.org', 'correct horse');

    const codeField = await screen.findByLabelText('One-time code');
    expect(document.activeElement).toBe(codeField);
    expect(screen.getByRole('alert').textContent).toBe(
      'This account needs a one-time code (mfaToken).',
    );

    fireEvent.change(codeField, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { name: 'Signed in' }),
    ).toBeDefined();
    expect(requests[1]?.body).toStrictEqual({
      username: 'chair@example.org',
      password: 'correct horse',
      mfaToken: '123456',
    });
  });
});
