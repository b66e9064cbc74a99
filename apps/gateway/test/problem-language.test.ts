import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { request, type LiveClient } from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const FRENCH = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };

/** Problem details in the reader's language (docs/i18n.md, "Problem details"). */
describe('Problem details in the reader’s language', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let voters: VoterFixture[];
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    other = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 3);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await database?.drop();
  });

  const addMember = (unit: string, headers: Record<string, string> = {}) =>
    api.post(
      `/v1/Meetings/${tenant.meeting.shortCode}/members`,
      { unit, shares: 1 },
      { token: tenant.token, headers },
    );

  const setLanguage = (voter: VoterFixture, language: 'en' | 'fr' | null) =>
    api.patch(
      `/portal/v1/Meetings/${tenant.meeting.shortCode}/voter`,
      { language },
      { token: voter.token },
    );

  it('is English by default, French for Accept-Language: fr, with the same code and status', async () => {
    const unit = voters[0].unit;
    const english = expectProblem(await addMember(unit), 409, 'unit_taken');
    expect(english.title).toBe('Conflict');
    expect(english.detail).toBe(
      'Another member of this meeting has that unit.',
    );
    const response = await addMember(unit, FRENCH);
    const french = expectProblem(response, 409, 'unit_taken');
    expect(french.title).toBe('Conflit');
    expect(french.detail).toBe(
      'Un autre membre de cette assemblée a déjà cette unité.',
    );
    expect(response.headers.get('vary')).toMatch(/Accept-Language/i);
    // a language we do not speak, then French second: French
    const second = expectProblem(
      await addMember(unit, { 'accept-language': 'de-DE, fr;q=0.8' }),
      409,
      'unit_taken',
    );
    expect(second.detail).toBe(french.detail);
  });

  it('translates a validation failure’s detail and keeps its field paths', async () => {
    const body = { unit: '', shares: 'many', surprise: true };
    const path = `/v1/Meetings/${tenant.meeting.shortCode}/members`;
    const english = expectProblem(
      await api.post(path, body, { token: tenant.token }),
      400,
      'validation_failed',
    );
    const french = expectProblem(
      await api.post(path, body, { token: tenant.token, headers: FRENCH }),
      400,
      'validation_failed',
    );
    expect(english.detail).toBe('The request is not valid.');
    expect(french.detail).toBe('La requête n’est pas valide.');
    expect(french.title).toBe('Requête invalide');
    const paths = (problem: typeof english) =>
      (problem.errors as { path: string }[]).map((error) => error.path);
    expect(paths(french)).toEqual(paths(english));
    expect(french.errors).toContainEqual({
      path: 'surprise',
      message: 'Champ inconnu.',
    });
  });

  it('says a sign-in failure and a missing meeting in French', async () => {
    const signIn = expectProblem(
      await api.post(
        '/auth/token',
        { username: 'nobody@example.test', password: 'wrong password' },
        { headers: FRENCH },
      ),
      401,
      'invalid_credentials',
    );
    expect(signIn.detail).toBe(
      'L’adresse courriel, le mot de passe ou le code à usage unique n’est pas exact.',
    );
    const missing = expectProblem(
      await api.get(`/v1/Meetings/${other.meeting.shortCode}`, {
        token: tenant.token,
        headers: FRENCH,
      }),
      404,
      'meeting_not_found',
    );
    expect(missing.detail).toBe('Assemblée introuvable.');
    expect(missing.title).toBe('Introuvable');
  });

  it('follows a voter’s own language before Accept-Language, and Accept-Language once it is cleared', async () => {
    const voter = voters[1];
    const elsewhere = () =>
      api.get(`/portal/v1/Meetings/${other.meeting.shortCode}`, {
        token: voter.token,
        headers: { 'accept-language': 'en-US' },
      });
    expect(expectProblem(await elsewhere(), 404).detail).toBe(
      'Meeting not found.',
    );
    expect((await setLanguage(voter, 'fr')).status).toBe(200);
    const french = expectProblem(await elsewhere(), 404, 'meeting_not_found');
    expect(french.detail).toBe('Assemblée introuvable.');
    expect((await setLanguage(voter, null)).status).toBe(200);
    expect(expectProblem(await elsewhere(), 404).detail).toBe(
      'Meeting not found.',
    );
  });

  it('follows a language a manager sets for the voter', async () => {
    const voter = voters[2];
    const patched = await api.patch(
      `/v1/Meetings/${tenant.meeting.shortCode}/members/${voter.memberId}/voters/${encodeURIComponent(voter.email)}`,
      { language: 'fr' },
      { token: tenant.token },
    );
    expect(patched.status).toBe(200);
    const problem = expectProblem(
      await api.get(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/receipts/NOSUCHRECEIPT`,
        { token: voter.token },
      ),
      404,
      'receipt_not_found',
    );
    expect(problem.detail).toBe('Aucun de vos votes ne porte ce reçu.');
  });

  it('gives a rate limit in French with its Retry-After', async () => {
    const register = () =>
      api.post(
        `/portal/v1/Meetings/${tenant.meeting.shortCode}/register`,
        {
          controlNumber: 'NOT-A-NUMBER',
          name: 'Somebody',
          email: 'somebody@example.test',
        },
        { headers: FRENCH },
      );
    const first = expectProblem(
      await register(),
      401,
      'invalid_control_number',
    );
    expect(first.detail).toBe(
      'Aucun membre de cette assemblée n’a ce numéro de contrôle.',
    );
    let response = await register();
    for (let i = 0; i < 25 && response.status !== 429; i++)
      response = await register();
    const limited = expectProblem(response, 429, 'rate_limited');
    expect(limited.title).toBe('Trop de requêtes');
    expect(limited.detail).toBe('Trop de tentatives ; réessayez plus tard.');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers a socket’s error ack in the voter’s language, else the one named at the handshake', async () => {
    const connect = (token: string, language?: string) =>
      new Promise<LiveClient>((resolve, reject) => {
        const socket: LiveClient = io(`${gateway.baseUrl}/live`, {
          auth: language ? { token, language } : { token },
          transports: ['websocket'],
          forceNew: true,
        });
        sockets.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const voter = voters[0];
    expect((await setLanguage(voter, 'fr')).status).toBe(200);
    const french = await request(await connect(voter.token), 'subscribe', {
      shortCode: other.meeting.shortCode,
    });
    expect(french).toEqual({
      error: {
        status: 404,
        code: 'meeting_not_found',
        message: 'Assemblée introuvable.',
      },
    });
    const chair = await connect(tenant.token, 'fr');
    expect(
      await request(chair, 'ballot.cast', {
        matterKey: 'none',
        choices: ['For'],
      }),
    ).toEqual({
      error: {
        status: 403,
        code: 'not_a_voter',
        message: 'Seuls les votants votent ici.',
      },
    });
    const english = await request(await connect(tenant.token), 'subscribe', {
      shortCode: other.meeting.shortCode,
    });
    expect(english).toEqual({
      error: {
        status: 404,
        code: 'meeting_not_found',
        message: 'Meeting not found.',
      },
    });
  });
});
