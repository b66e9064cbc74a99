import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  HolderView,
  LiveSnapshot,
  Matter,
  MeetingReport,
  MeetingSettings,
} from '@livevote/contracts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/database/database';
import {
  matters,
  meetings,
  proxyHolders,
  questions,
} from '../src/database/schema';
import { createTenant, type TenantFixture } from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { connectLive, request } from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const run = promisify(execFile);
const HOUR = 3_600_000;

type CsvRow = string[];

/**
 * The report of a bilingual meeting (docs/i18n.md, "The report and the big screen"): matter
 * names, option labels and sentences in the language asked for, or in both with
 * `displayLanguages: "all"`; the same figures in every language, because tallies count the
 * canonical options.
 */
describe('Bilingual report', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let voters: VoterFixture[];
  let budget: Matter;
  let board: Matter;

  const base = () => `/v1/Meetings/${tenant.meeting.shortCode}`;
  const portal = () => `/portal/v1/Meetings/${tenant.meeting.shortCode}`;
  const asChair = () => ({ token: tenant.token });
  const csvOf = async (query: string) => {
    const response = await api.get(`${base()}/report.csv${query}`, asChair());
    expect(response.status, response.text).toBe(200);
    return parse(response.text) as CsvRow[];
  };
  const jsonOf = async (query: string) => {
    const response = await api.get(`${base()}/report${query}`, asChair());
    expect(response.status, response.text).toBe(200);
    return MeetingReport.parse(response.body);
  };
  const pdfOf = async (query: string) => {
    const pdf = await fetch(`${gateway.baseUrl}${base()}/report.pdf${query}`, {
      headers: { authorization: `Bearer ${tenant.token}` },
    });
    expect(pdf.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'lv-bilingual-'));
    try {
      const file = join(dir, 'report.pdf');
      writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
      const { stdout } = await run('/usr/bin/pdftotext', [file, '-']);
      return stdout.replace(/\s+/g, ' ');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const cast = async (
    voter: VoterFixture,
    matterKey: string,
    choices: string[],
  ) => {
    const result = await api.post(
      `${portal()}/matters/${matterKey}/ballots`,
      { choices },
      { token: voter.token },
    );
    expect(result.status, result.text).toBe(201);
  };
  const action = async (matterKey: string, body: object) => {
    const result = await api.post(
      `${base()}/matters/${matterKey}/action`,
      body,
      asChair(),
    );
    expect(result.status, result.text).toBe(204);
  };
  const setDisplay = async (displayLanguages: unknown) =>
    api.patch(`${base()}/settings`, { displayLanguages }, asChair());

  /**
   * The figures of the CSV (units and shares of every row, with its method), by section, in
   * order; questions carry no figures and their `method` is a category, a text.
   */
  const figures = (rows: CsvRow[]) =>
    rows
      .slice(1)
      .filter(([section]) => section !== 'question' && section !== 'answer')
      .map(([section, order, , , method, units, shares]) =>
        [section, order, method, units, shares].join('|'),
      );

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      clock: new RunningClock(),
    });
    api = http(gateway.baseUrl);
    const now = gateway.clock.nowMs();
    tenant = await createTenant(gateway, {
      name: 'Harbourview AGM',
      location: 'Party room',
      meetingTimezone: 'America/Toronto',
      meetingDate: new Date(now - HOUR),
      expiryDate: new Date(now + 24 * HOUR),
    });
    other = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 5);
    const create = async (body: object) => {
      const created = await api.post(`${base()}/matters`, body, asChair());
      expect(created.status, created.text).toBe(201);
      return Matter.parse(created.body);
    };
    budget = await create({
      name: 'Approve the budget',
      options: ['For', 'Against'],
    });
    board = await create({
      name: 'Board of directors',
      options: ['Ann', 'Bob', 'Cy'],
      choices: 2,
    });
    const db = gateway.app.get(Database).db;
    await db
      .update(meetings)
      .set({
        language: 'en',
        languages: ['en', 'fr'],
        translations: {
          fr: { name: 'AGA de Harbourview', location: 'Salle de réception' },
        },
      })
      .where(eq(meetings.id, tenant.meeting.id));
    await db
      .update(matters)
      .set({
        translations: {
          fr: { name: 'Approuver le budget', options: ['Pour', 'Contre'] },
        },
      })
      .where(eq(matters.id, budget.key));
    await db
      .update(meetings)
      .set({
        questionCategories: ['Finances', 'Other'],
        settingsTranslations: {
          fr: { questionCategories: ['Finances (fr)', 'Autre'] },
        },
      })
      .where(eq(meetings.id, tenant.meeting.id));
    await db.insert(questions).values({
      meetingId: tenant.meeting.id,
      memberId: voters[0].memberId,
      voterId: voters[0].voterId,
      voterName: 'Owner',
      category: 'Other',
      text: 'When is the next meeting?',
      status: 'approved',
      askedAt: new Date(now),
    });
    await db
      .update(matters)
      .set({
        translations: {
          fr: {
            name: 'Conseil d’administration',
            options: ['Anne', '', 'Cyr'],
          },
        },
      })
      .where(eq(matters.id, board.key));
    // one live matter at a time, each voted on and closed
    await action(budget.key, { action: 'start', duration: 600 });
    for (const [i, voter] of voters.entries())
      await cast(voter, budget.key, [i < 3 ? 'For' : 'Against']);
    await action(budget.key, { action: 'stop' });
    await action(board.key, { action: 'start', duration: 600 });
    for (const [i, voter] of voters.entries())
      await cast(voter, board.key, i < 3 ? ['Ann', 'Bob'] : ['Cy']);
    await action(board.key, { action: 'stop' });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('says the same figures in English and in French', async () => {
    const english = await csvOf('?lang=en');
    const french = await csvOf('?lang=fr');
    expect(figures(french)).toEqual(figures(english));
    // and they are figures: the budget carried 3 to 2
    const tally = (rows: CsvRow[], label: string) =>
      rows
        .filter((row) => row[0] === 'tally' && row[3] === label)
        .reduce((sum, row) => sum + Number(row[5] || 0), 0);
    expect(tally(english, 'For')).toBe(3);
    expect(tally(french, 'Pour')).toBe(3);
    expect(tally(french, 'Contre')).toBe(2);
  });

  it('names matters, options and the meeting in the language asked for', async () => {
    const french = await csvOf('?lang=fr');
    const cells = french.flat();
    expect(cells).toContain('AGA de Harbourview');
    expect(cells).toContain('Salle de réception');
    expect(cells).toContain('Approuver le budget');
    expect(cells).toContain('Pour');
    expect(cells).not.toContain('Approve the budget');
    expect(cells).not.toContain('For');
    // a blank translated label falls back to the canonical one
    expect(french.some((row) => row[0] === 'tally' && row[3] === 'Bob')).toBe(
      true,
    );
    const elected = french.find(
      (row) =>
        row[0] === 'result' &&
        row[2] === 'Conseil d’administration' &&
        row[3] === 'elected',
    );
    expect(elected?.[7]).toBe('Anne; Bob');

    // a question's category by the settings' translation
    expect(french.find((row) => row[0] === 'question')?.[4]).toBe('Autre');

    const json = await jsonOf('?lang=fr');
    expect(json.language).toBe('fr');
    expect(json.questions[0].category).toBe('Autre');
    expect(json.contentLanguages).toEqual(['fr']);
    expect(json.meeting.name).toBe('AGA de Harbourview');
    const matter = json.matters.find((m) => m.matterKey === budget.key)!;
    expect(matter.name).toBe('Approuver le budget');
    // the canonical options stay what tallies and results name
    expect(matter.options).toEqual(['For', 'Against']);
    expect(matter.optionLabels).toEqual(['Pour', 'Contre']);
    expect(matter.tally.rows.map((row) => row.vote).sort()).toEqual([
      'Against',
      'For',
    ]);
    const election = json.matters.find((m) => m.matterKey === board.key)!;
    expect(election.statement).toContain('Anne');
    expect(election.statement).not.toContain('Ann ');

    const english = await jsonOf('');
    expect(english.language).toBe('en');
    expect(english.meeting.name).toBe('Harbourview AGM');
    expect(english.matters[0].name).toBe('Approve the budget');
    expect(english.matters[0].optionLabels).toEqual(['For', 'Against']);
    expect(english.questions[0].category).toBe('Other');

    const pdf = await pdfOf('?lang=fr');
    expect(pdf).toContain('AGA de Harbourview');
    expect(pdf).toContain('Approuver le budget');
    expect(pdf).toMatch(/Pour \d/);
    expect(pdf).not.toContain('Approve the budget');
  });

  it('shows both languages when the meeting says all, primary first', async () => {
    const set = await setDisplay('all');
    expect(set.status, set.text).toBe(200);
    expect(MeetingSettings.parse(set.body).displayLanguages).toBe('all');
    try {
      for (const lang of ['en', 'fr']) {
        const json = await jsonOf(`?lang=${lang}`);
        expect(json.contentLanguages).toEqual(['en', 'fr']);
        expect(json.meeting.name).toBe('Harbourview AGM / AGA de Harbourview');
        const matter = json.matters.find((m) => m.matterKey === budget.key)!;
        expect(matter.name).toBe('Approve the budget / Approuver le budget');
        expect(matter.optionLabels).toEqual(['For / Pour', 'Against / Contre']);
        const election = json.matters.find((m) => m.matterKey === board.key)!;
        // an option with no translation is shown once
        expect(election.optionLabels).toEqual([
          'Ann / Anne',
          'Bob',
          'Cy / Cyr',
        ]);
      }
      expect(figures(await csvOf('?lang=fr'))).toEqual(
        figures(await csvOf('?lang=en')),
      );
      const pdf = await pdfOf('?lang=fr');
      expect(pdf).toContain('Approve the budget / Approuver le budget');
    } finally {
      expect((await setDisplay('primary')).status).toBe(200);
    }
  });

  it('refuses any other language, and another account', async () => {
    for (const path of ['report', 'report.csv', 'report.pdf'])
      for (const bad of ['lang=de', 'lang=FR', 'lang=', 'lang=fr%00'])
        expectProblem(
          await api.get(`${base()}/${path}?${bad}`, asChair()),
          400,
        );
    expectProblem(
      await api.get(`${base()}/report.csv?lang=fr`, { token: other.token }),
      404,
    );
  });

  it('refuses a display setting that is not primary or all', async () => {
    for (const bad of ['both', 'fr', null, 1, ['all']])
      expectProblem(await setDisplay(bad), 400);
    expectProblem(
      await api.patch(
        `/v1/Meetings/${tenant.meeting.shortCode}/settings`,
        { displayLanguages: 'all' },
        { token: other.token },
      ),
      404,
    );
  });

  it('gives the big screen the display setting with the live snapshot', async () => {
    const chair = await connectLive(gateway.baseUrl, tenant.token);
    try {
      const snapshot = async () =>
        LiveSnapshot.parse(
          await request(chair, 'subscribe', {
            shortCode: tenant.meeting.shortCode,
          }),
        );
      expect((await snapshot()).meeting.displayLanguages).toBe('primary');
      expect((await setDisplay('all')).status).toBe(200);
      expect((await snapshot()).meeting.displayLanguages).toBe('all');
    } finally {
      chair.close();
      expect((await setDisplay('primary')).status).toBe(200);
    }
  });

  it('answers the holder page in the reader’s language, the meeting’s primary by default', async () => {
    // a default holder's page, as the console reads it for a manager
    const [holder] = await gateway.app
      .get(Database)
      .db.insert(proxyHolders)
      .values({
        meetingId: tenant.meeting.id,
        name: 'Board Secretary',
        isDefault: true,
      })
      .returning();
    const viewIn = async (acceptLanguage?: string) => {
      const view = await api.get(
        `${base()}/proxy-holders/${holder.id}/proxies`,
        {
          ...asChair(),
          headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        },
      );
      expect(view.status, view.text).toBe(200);
      return HolderView.parse(view.body);
    };
    const english = await viewIn();
    expect(english.language).toBe('en');
    expect(english.meeting.name).toBe('Harbourview AGM');
    expect(english.matters[0].optionLabels).toEqual(['For', 'Against']);
    const body = await viewIn('fr-CA,fr;q=0.9');
    expect(body.language).toBe('fr');
    expect(body.meeting.name).toBe('AGA de Harbourview');
    const matter = body.matters.find((m) => m.matterKey === budget.key)!;
    expect(matter.name).toBe('Approuver le budget');
    expect(matter.options).toEqual(['For', 'Against']);
    expect(matter.optionLabels).toEqual(['Pour', 'Contre']);
  });
});
