import type { AuthTokenResponse } from '@livevote/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '../test/fetch-stub';
import { ManagerSession } from './manager-session';

function aToken(accessToken = 'access-1'): AuthTokenResponse {
  return {
    access_token: accessToken,
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    expires_in: 300,
    grant_type: 'username+password',
  };
}

const refreshed = (accessToken: string) =>
  json(200, {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: 300,
    grant_type: 'refresh_token',
  });

describe(ManagerSession.name, () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-11-21T18:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes the access token silently a minute before it expires', async () => {
    let next = 2;
    const requests = stubFetch(({ path }) =>
      path === '/auth/oauth/refresh'
        ? refreshed(`access-${next++}`)
        : json(200, []),
    );
    const session = ManagerSession.start(
      'chair@example.org',
      aToken(),
      vi.fn(),
    );

    await session.request('/v1/Accounts');
    await vi.advanceTimersByTimeAsync(239_000);
    expect(
      requests.filter((r) => r.path === '/auth/oauth/refresh'),
    ).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);
    await session.request('/v1/Accounts');

    const refreshes = requests.filter((r) => r.path === '/auth/oauth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toStrictEqual({ refresh_token: 'refresh-1' });
    const calls = requests.filter((r) => r.path === '/v1/Accounts');
    expect(calls.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
    session.end();
  });

  it('refreshes once and retries a request the gateway answered with 401', async () => {
    const requests = stubFetch(({ path, headers }) => {
      if (path === '/auth/oauth/refresh') return refreshed('access-2');
      return headers.get('Authorization') === 'Bearer access-2'
        ? json(200, ['ok'])
        : problem({ code: 'invalid_token', detail: 'Expired.' });
    });
    const session = ManagerSession.start(
      'chair@example.org',
      aToken(),
      vi.fn(),
    );

    const answer = await session.request('/v1/Accounts');
    await expect(answer.json()).resolves.toEqual(['ok']);
    expect(requests.map((r) => r.path)).toEqual([
      '/v1/Accounts',
      '/auth/oauth/refresh',
      '/v1/Accounts',
    ]);
    session.end();
  });

  it('ends the session when the refresh token is refused', async () => {
    stubFetch(({ path }) =>
      path === '/auth/oauth/refresh'
        ? json(400, { error: 'invalid_grant', error_description: 'Revoked.' })
        : problem({ code: 'invalid_token' }),
    );
    const onExpired = vi.fn();
    const session = ManagerSession.start(
      'chair@example.org',
      aToken(),
      onExpired,
    );
    expect(window.sessionStorage.length).toBe(1);

    await expect(session.request('/v1/Accounts')).rejects.toThrow();

    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('survives a reload of the tab with the refresh token only', async () => {
    const requests = stubFetch(({ path }) =>
      path === '/auth/oauth/refresh' ? refreshed('access-9') : json(200, []),
    );
    ManagerSession.start('chair@example.org', aToken(), vi.fn());
    const restored = ManagerSession.restore(vi.fn());

    expect(restored?.username).toBe('chair@example.org');
    await restored!.request('/v1/Accounts');
    expect(requests.map((r) => r.path)).toEqual([
      '/auth/oauth/refresh',
      '/v1/Accounts',
    ]);
    expect(requests[1]?.headers.get('Authorization')).toBe('Bearer access-9');
    restored!.end();
  });
});
