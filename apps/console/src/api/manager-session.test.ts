import type { AuthTokenResponse } from '@livevote/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '../test/fetch-stub';
import { ManagerSession, onOtherTabs } from './manager-session';

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
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes the access token silently from the cookie a minute before it expires', async () => {
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
    // the refresh token is the httpOnly cookie: the body names none
    expect(refreshes[0]?.body).toStrictEqual({});
    const calls = requests.filter((r) => r.path === '/v1/Accounts');
    expect(calls.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
    session.end();
  });

  it('keeps no token in web storage', () => {
    stubFetch(() => json(200, []));
    const session = ManagerSession.start(
      'chair@example.org',
      aToken(),
      vi.fn(),
    );
    const stored = [
      ...Object.values({ ...window.localStorage }),
      ...Object.values({ ...window.sessionStorage }),
    ].join(' ');
    expect(stored).not.toContain('refresh-1');
    expect(stored).not.toContain('access-1');
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

  it('ends the session when the cookie is refused', async () => {
    stubFetch(({ path }) =>
      path === '/auth/oauth/refresh'
        ? problem({ code: 'invalid_refresh_token' })
        : problem({ code: 'invalid_token' }),
    );
    const onEnded = vi.fn();
    const session = ManagerSession.start(
      'chair@example.org',
      aToken(),
      onEnded,
    );

    await expect(session.request('/v1/Accounts')).rejects.toThrow();

    expect(onEnded).toHaveBeenCalledWith('expired');
  });

  it('resumes in a new tab from the cookie alone, with the name signed in last', async () => {
    const requests = stubFetch(({ path }) =>
      path === '/auth/oauth/refresh' ? refreshed('access-9') : json(200, []),
    );
    ManagerSession.start('chair@example.org', aToken(), vi.fn()).end();
    const resumed = await ManagerSession.resume(vi.fn());

    expect(resumed?.username).toBe('chair@example.org');
    await resumed!.request('/v1/Accounts');
    expect(requests.map((r) => r.path)).toEqual([
      '/auth/oauth/refresh',
      '/v1/Accounts',
    ]);
    expect(requests[1]?.headers.get('Authorization')).toBe('Bearer access-9');
    resumed!.end();
  });

  it('resumes nothing, quietly, without a cookie', async () => {
    stubFetch(() => problem({ code: 'invalid_refresh_token' }));
    const onEnded = vi.fn();
    await expect(ManagerSession.resume(onEnded)).resolves.toBeUndefined();
    expect(onEnded).not.toHaveBeenCalled();
  });

  it('signs out on the gateway and tells the other tabs', async () => {
    vi.useRealTimers();
    const requests = stubFetch(() => new Response(null, { status: 204 }));
    const heard = new Promise((resolve) => {
      const stop = onOtherTabs((message) => {
        if (message.type === 'signed-out') {
          stop();
          resolve(message);
        }
      });
    });
    const session = ManagerSession.start(
      'chair@example.org',
      aToken(),
      vi.fn(),
    );

    await session.signOut();

    expect(requests.map((r) => [r.path, r.body])).toEqual([
      ['/auth/logout', {}],
    ]);
    await expect(heard).resolves.toEqual({ type: 'signed-out' });
  });
});
