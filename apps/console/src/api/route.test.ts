import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { request } from './http-client';
import { managerRoutes } from './manager-routes';
import { portalRoutes } from './portal-routes';
import { AnswerShapeError, createClient, pathOf } from './route';

const { call, open } = createClient(request);

const entry = {
  name: 'AGM 2026',
  meetingDate: '2026-11-21T18:00:00.000Z',
  meetingTimezone: 'America/Toronto',
  language: 'en',
};

describe('route', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [
      'fills and encodes each parameter',
      pathOf(managerRoutes.patchVoter, {
        shortCode: 'agm26',
        memberKey: 'm/1',
        email: 'ann+1@example.org',
      }),
      '/v1/Meetings/agm26/members/m%2F1/voters/ann%2B1%40example.org',
    ],
    [
      'fills a parameter after a dot',
      pathOf(managerRoutes.report, { shortCode: 'agm26', format: 'pdf' }),
      '/v1/Meetings/agm26/report.pdf',
    ],
    [
      'appends the query, leaving out empty values',
      pathOf(
        managerRoutes.listMembers,
        { shortCode: 'agm26' },
        { searchText: '', filters: 'unit:101', page: 2, size: undefined },
      ),
      '/v1/Meetings/agm26/members?filters=unit%3A101&page=2',
    ],
  ])('%s', (_, path, expected) => {
    expect(path).toBe(expected);
  });

  it('sends the route’s method and body, and gives the checked answer', async () => {
    const requests = stubFetch(() =>
      json(200, {
        attending: 'online',
        answeredAt: '2026-11-20T10:00:00.000Z',
        closesAt: '2026-11-21T18:00:00.000Z',
        open: true,
      }),
    );
    const answer = await call(
      portalRoutes.setRsvp,
      { shortCode: 'agm26' },
      { body: { attending: 'online' }, accessToken: 'tok' },
    );
    expect(answer.attending).toBe('online');
    expect(requests).toMatchObject([
      {
        method: 'PUT',
        path: '/portal/v1/Meetings/agm26/rsvp',
        body: { attending: 'online' },
      },
    ]);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it.each([
    ['a field of the wrong type', { ...entry, name: 42 }, ['name']],
    ['a missing field', { ...entry, meetingDate: undefined }, ['meetingDate']],
    ['a field the contract does not know', { ...entry, secret: 'x' }, []],
    ['a list where an object is due', [entry], []],
    ['no body at all', null, []],
  ])('refuses an answer with %s, naming the route', async (_, body, path) => {
    stubFetch(() => json(200, body));
    const caught: unknown = await call(portalRoutes.entry, {
      shortCode: 'agm26',
    }).catch((error: unknown) => error);
    expect(caught).toBeInstanceOf(AnswerShapeError);
    const error = caught as AnswerShapeError;
    expect(error.route).toBe('GET /portal/v1/Meetings/:shortCode/entry');
    expect(error.issues[0]?.path ?? []).toEqual(path);
    expect(error.message).toBe(
      'The server’s answer was not in the expected form. Reload the page; if it happens again, tell your administrator.',
    );
  });

  it('refuses an answer that is not JSON', async () => {
    stubFetch(() => new Response('<html>proxy error</html>', { status: 200 }));
    await expect(
      call(portalRoutes.entry, { shortCode: 'agm26' }),
    ).rejects.toBeInstanceOf(AnswerShapeError);
  });

  it('gives nothing for a route without an answer, and the raw response on open', async () => {
    stubFetch(({ method }) =>
      method === 'DELETE'
        ? new Response(null, { status: 204 })
        : new Response('a,b\n', { status: 200 }),
    );
    await expect(
      call(portalRoutes.withdrawProxy, { shortCode: 'agm26' }),
    ).resolves.toBeUndefined();
    const response = await open(managerRoutes.report, {
      shortCode: 'agm26',
      format: 'csv',
    });
    await expect(response.text()).resolves.toBe('a,b\n');
  });

  it.each([
    [
      'a webcast not set up yet',
      () => call(managerRoutes.getWebcast, { shortCode: 'agm26' }),
    ],
    [
      'a member without a proxy',
      () =>
        call(
          portalRoutes.ownProxy,
          { shortCode: 'agm26' },
          { accessToken: 't' },
        ),
    ],
  ])(
    'reads a 204 as nothing for %s, where the route allows it',
    async (_, ask) => {
      stubFetch(() => new Response(null, { status: 204 }));
      await expect(ask()).resolves.toBeUndefined();
    },
  );

  it('refuses a 204 where the route expects an answer', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(
      call(managerRoutes.getMeeting, { shortCode: 'agm26' }),
    ).rejects.toBeInstanceOf(AnswerShapeError);
  });
});
