import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Account,
  Matter,
  MatterTallyEvent,
  Meeting,
  MeetingDocumentList,
  MeetingSettings,
  Member,
  Nomination,
  OwnQuestion,
  OwnQuestions,
  PortalDocument,
  PortalEntry,
  PortalMeeting,
  PortalVoter,
  ProxyForm,
  UploadedDocument,
  Voter,
  type LiveSnapshot,
} from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Database } from '../src/database/database';
import { questions } from '../src/database/schema';
import {
  createMeeting,
  createTenant,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import {
  connectLive,
  nextEvent,
  request,
  type LiveClient,
} from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import {
  RunningClock,
  startGateway,
  type TestGateway,
} from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const HOUR = 3_600_000;

/**
 * Meeting content in two languages (docs/i18n.md, "Meeting content in two languages"), over
 * real HTTP and sockets on PostgreSQL and Redis: what managers may write, how a PATCH replaces
 * one language at a time, and what a French and an English voter read and vote on.
 */
describe('Bilingual meeting content', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let api: Http;
  let documentsDir: string;
  let tenant: TenantFixture;
  let outsider: TenantFixture;
  let voters: VoterFixture[];
  const sockets: LiveClient[] = [];

  const shortCode = () => tenant.meeting.shortCode;
  const base = () => `/v1/Meetings/${shortCode()}`;
  const portal = () => `/portal/v1/Meetings/${shortCode()}`;
  const manager = () => ({ token: tenant.token });
  /** A voter's request, in a browser of that language. */
  const asVoter = (voter: VoterFixture, browser = 'en') => ({
    token: voter.token,
    headers: { 'accept-language': browser },
  });
  const paths = (result: { errors?: { path: string }[] }) =>
    (result.errors ?? []).map((error) => error.path);
  const createMatter = async (body: object) => {
    const result = await api.post(`${base()}/matters`, body, manager());
    expect(result.status, result.text).toBe(201);
    return Matter.parse(result.body);
  };
  const patchMatter = (key: string, body: object) =>
    api.patch(`${base()}/matters/${key}`, body, manager());
  const portalMeeting = async (voter: VoterFixture, browser = 'en') => {
    const result = await api.get(portal(), asVoter(voter, browser));
    expect(result.status, result.text).toBe(200);
    return PortalMeeting.parse(result.body);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    documentsDir = mkdtempSync(join(tmpdir(), 'lv-bilingual-'));
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      clock: new RunningClock(),
      env: { DOCUMENTS_DIR: documentsDir },
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway, {
      languages: ['en', 'fr'],
      questionCategories: ['Budget', 'Repairs'],
      nominationExpiryDate: new Date(gateway.clock.nowMs() + 24 * HOUR),
    });
    outsider = await createTenant(gateway);
    voters = await createVoters(gateway, tenant, 4);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
    rmSync(documentsDir, { recursive: true, force: true });
  });

  describe('the account language', () => {
    it('is set by the account’s managers, audited, and is the primary of new meetings', async () => {
      const account = `/v1/Accounts/${tenant.account.key}`;
      expect(
        Account.parse((await api.get(account, manager())).body),
      ).toMatchObject({ language: 'en' });
      const patched = await api.patch(account, { language: 'fr' }, manager());
      expect(patched.status, patched.text).toBe(200);
      expect(Account.parse(patched.body).language).toBe('fr');

      const created = await api.post(
        `${account}/meetings`,
        {
          type: 'agm',
          name: 'Assemblée',
          meetingDate: new Date(
            gateway.clock.nowMs() + 72 * HOUR,
          ).toISOString(),
        },
        manager(),
      );
      expect(created.status, created.text).toBe(201);
      expect(Meeting.parse(created.body)).toMatchObject({
        language: 'fr',
        languages: ['fr'],
      });

      const audit = await fetch(
        `${gateway.baseUrl}${base()}/audit?kind=account.update`,
        { headers: { authorization: `Bearer ${tenant.token}` } },
      );
      const lines = (await audit.text()).split('\n').filter(Boolean);
      expect(lines.map((line) => JSON.parse(line).changes)).toEqual([
        { language: { from: 'en', to: 'fr' } },
      ]);
      // back to English for what follows
      expect(
        (await api.patch(account, { language: 'en' }, manager())).status,
      ).toBe(200);
    });

    it('refuses another language code, unknown fields and another account (404)', async () => {
      const account = `/v1/Accounts/${tenant.account.key}`;
      expect(
        paths(
          expectProblem(
            await api.patch(account, { language: 'de' }, manager()),
            400,
            'validation_failed',
          ),
        ),
      ).toEqual(['language']);
      expectProblem(
        await api.patch(account, { name: 'Other' }, manager()),
        400,
        'validation_failed',
      );
      expectProblem(
        await api.patch(
          `/v1/Accounts/${outsider.account.key}`,
          { language: 'fr' },
          manager(),
        ),
        404,
      );
    });
  });

  describe('meetings', () => {
    const newMeeting = (body: object) =>
      api.post(
        `/v1/Accounts/${tenant.account.key}/meetings`,
        {
          type: 'agm',
          name: 'Annual meeting',
          meetingDate: new Date(
            gateway.clock.nowMs() + 72 * HOUR,
          ).toISOString(),
          ...body,
        },
        manager(),
      );

    it('take ordered languages, the first the primary; language and languages must agree', async () => {
      const made = await newMeeting({
        languages: ['fr', 'en'],
        translations: { en: { name: 'Annual meeting (EN)' } },
      });
      expect(made.status, made.text).toBe(201);
      expect(Meeting.parse(made.body)).toMatchObject({
        language: 'fr',
        languages: ['fr', 'en'],
        translations: { en: { name: 'Annual meeting (EN)' } },
      });
      expect(
        paths(
          expectProblem(
            await newMeeting({ language: 'en', languages: ['fr', 'en'] }),
            400,
            'validation_failed',
          ),
        ),
      ).toEqual(['language']);
      // language alone moves that language to the front
      const patched = await api.patch(
        `/v1/Meetings/${(made.body as Meeting).shortCode}`,
        { language: 'en' },
        manager(),
      );
      expect(Meeting.parse(patched.body)).toMatchObject({
        language: 'en',
        languages: ['en', 'fr'],
      });
    });

    it('refuse translations of unlisted languages, other codes, repeats and control characters', async () => {
      const unlisted = expectProblem(
        await newMeeting({ translations: { fr: { name: 'Assemblée' } } }),
        400,
        'validation_failed',
      );
      expect(paths(unlisted)).toEqual(['translations.fr']);
      const code = expectProblem(
        await newMeeting({
          languages: ['en', 'de'],
          translations: { de: { name: 'Versammlung' } },
        }),
        400,
        'validation_failed',
      );
      expect(paths(code)).toEqual(
        expect.arrayContaining(['languages.1', 'translations.de']),
      );
      expect(
        paths(
          expectProblem(
            await newMeeting({ languages: ['en', 'en'] }),
            400,
            'validation_failed',
          ),
        ),
      ).toEqual(['languages']);
      const control = expectProblem(
        await newMeeting({
          languages: ['en', 'fr'],
          translations: {
            fr: { name: 'Assem\u0007blée', location: 'Salle\u001b B' },
          },
        }),
        400,
        'validation_failed',
      );
      expect(paths(control).sort()).toEqual([
        'translations.fr.location',
        'translations.fr.name',
      ]);
      // a NUL byte is refused before the schema reads the body
      expectProblem(
        await newMeeting({
          languages: ['en', 'fr'],
          translations: { fr: { description: 'Ordre\u0000 du jour' } },
        }),
        400,
        'validation_failed',
      );
      expectProblem(
        await newMeeting({
          languages: ['en', 'fr'],
          translations: { fr: { name: 'Assemblée', motto: 'x' } },
        }),
        400,
        'validation_failed',
      );
    });

    it('replace one language’s object at a time on PATCH; other languages stay', async () => {
      const first = await api.patch(
        base(),
        {
          translations: {
            fr: { name: 'Assemblée annuelle', location: 'Salle B' },
            en: { location: 'Room B' },
          },
        },
        manager(),
      );
      expect(first.status, first.text).toBe(200);
      const second = await api.patch(
        base(),
        { translations: { fr: { description: 'Ordre du jour' } } },
        manager(),
      );
      expect(Meeting.parse(second.body).translations).toEqual({
        fr: { description: 'Ordre du jour' },
        en: { location: 'Room B' },
      });
      const restored = await api.patch(
        base(),
        {
          translations: {
            fr: { name: 'Assemblée annuelle', description: 'Ordre du jour' },
            en: {},
          },
        },
        manager(),
      );
      expect(Meeting.parse(restored.body).translations).toEqual({
        fr: { name: 'Assemblée annuelle', description: 'Ordre du jour' },
      });
    });

    it('are another account’s: 404', async () => {
      expectProblem(
        await api.patch(
          base(),
          { translations: { fr: { name: 'Pris' } } },
          { token: outsider.token },
        ),
        404,
      );
    });
  });

  describe('matters', () => {
    it('take translations with one option label per canonical option', async () => {
      const bad = expectProblem(
        await api.post(
          `${base()}/matters`,
          {
            type: 'multiple-choice',
            name: 'Approve the budget',
            options: ['Yes', 'No'],
            translations: { fr: { options: ['Oui'] } },
          },
          manager(),
        ),
        400,
        'validation_failed',
      );
      expect(paths(bad)).toEqual(['translations.fr.options']);
      const control = expectProblem(
        await api.post(
          `${base()}/matters`,
          {
            type: 'multiple-choice',
            name: 'Approve the budget',
            options: ['Yes', 'No'],
            translations: { fr: { name: 'Budget\u001b', header: 'ok\nok' } },
          },
          manager(),
        ),
        400,
        'validation_failed',
      );
      expect(paths(control)).toEqual(['translations.fr.name']);
      const other = await createMatter({
        type: 'multiple-choice',
        name: 'Elsewhere',
        options: ['Yes', 'No'],
      });
      expectProblem(
        await api.patch(
          `/v1/Meetings/${outsider.meeting.shortCode}/matters/${other.key}`,
          { translations: { fr: { name: 'Ailleurs' } } },
          { token: outsider.token },
        ),
        404,
      );
    });

    it('refuse a language the meeting does not list and sanitize a translated snippet', async () => {
      const matter = await createMatter({
        type: 'multiple-choice',
        name: 'Snippets',
        options: ['Yes', 'No'],
        translations: {
          fr: { snippet: '<p>Texte<script>alert(1)</script></p>' },
        },
      });
      expect(matter.translations.fr?.snippet).toBe('<p>Texte</p>');
      const outsiderMatter = await api.post(
        `/v1/Meetings/${outsider.meeting.shortCode}/matters`,
        {
          type: 'multiple-choice',
          name: 'English only',
          options: ['Yes', 'No'],
          translations: { fr: { name: 'Français' } },
        },
        { token: outsider.token },
      );
      expect(
        paths(expectProblem(outsiderMatter, 400, 'validation_failed')),
      ).toEqual(['translations.fr']);
    });

    it('ask for new labels when a PATCH changes the canonical options', async () => {
      const matter = await createMatter({
        type: 'multiple-choice',
        name: 'Paint colour',
        options: ['Blue', 'Green'],
        translations: { fr: { name: 'Couleur', options: ['Bleu', 'Vert'] } },
      });
      const stale = expectProblem(
        await patchMatter(matter.key, { options: ['Blue', 'Green', 'Red'] }),
        400,
        'validation_failed',
      );
      expect(paths(stale)).toEqual(['translations.fr.options']);
      const miscounted = expectProblem(
        await patchMatter(matter.key, {
          options: ['Blue', 'Green', 'Red'],
          translations: { fr: { options: ['Bleu', 'Vert'] } },
        }),
        400,
        'validation_failed',
      );
      expect(paths(miscounted)).toEqual(['translations.fr.options']);
      const renewed = await patchMatter(matter.key, {
        options: ['Blue', 'Green', 'Red'],
        translations: {
          fr: { name: 'Couleur', options: ['Bleu', 'Vert', 'Rouge'] },
        },
      });
      expect(renewed.status, renewed.text).toBe(200);
      expect(Matter.parse(renewed.body).translations).toEqual({
        fr: { name: 'Couleur', options: ['Bleu', 'Vert', 'Rouge'] },
      });
      // a PATCH of the English object leaves the French one as it is
      const english = await patchMatter(matter.key, {
        translations: { en: { header: 'Pick one' } },
      });
      expect(Matter.parse(english.body).translations).toEqual({
        fr: { name: 'Couleur', options: ['Bleu', 'Vert', 'Rouge'] },
        en: { header: 'Pick one' },
      });
    });
  });

  describe('settings', () => {
    it('translate question categories one for one', async () => {
      const settings = `${base()}/settings`;
      expect(
        paths(
          expectProblem(
            await api.patch(
              settings,
              { translations: { fr: { questionCategories: ['Budget'] } } },
              manager(),
            ),
            400,
            'validation_failed',
          ),
        ),
      ).toEqual(['translations.fr.questionCategories']);
      const saved = await api.patch(
        settings,
        {
          translations: { fr: { questionCategories: ['Finances', 'Travaux'] } },
        },
        manager(),
      );
      expect(saved.status, saved.text).toBe(200);
      expect(MeetingSettings.parse(saved.body).translations).toEqual({
        fr: { questionCategories: ['Finances', 'Travaux'] },
      });
      // new canonical categories leave no stale French ones
      expect(
        paths(
          expectProblem(
            await api.patch(
              settings,
              { questionCategories: ['Budget', 'Repairs', 'Other'] },
              manager(),
            ),
            400,
            'validation_failed',
          ),
        ),
      ).toEqual(['translations.fr.questionCategories']);
    });
  });

  describe('voters', () => {
    it('answer the meeting’s primary until a language is chosen, and take en or fr only', async () => {
      const voter = voters[3];
      const path = `${base()}/members/${voter.memberId}/voters/${encodeURIComponent(voter.email)}`;
      expect(Voter.parse((await api.get(path, manager())).body)).toMatchObject({
        language: 'en',
        languageChosen: false,
      });
      expectProblem(
        await api.patch(path, { language: 'es' }, manager()),
        400,
        'validation_failed',
      );
      const chosen = await api.patch(path, { language: 'fr' }, manager());
      expect(Voter.parse(chosen.body)).toMatchObject({
        language: 'fr',
        languageChosen: true,
      });
      const automatic = await api.patch(path, { language: null }, manager());
      expect(Voter.parse(automatic.body)).toMatchObject({
        language: 'en',
        languageChosen: false,
      });
    });

    it('take their language from the import’s language column; a bad code is that line’s error', async () => {
      const meeting = await createMeeting(gateway, tenant.account.key, {
        languages: ['fr', 'en'],
        language: 'fr',
      });
      const members = `/v1/Meetings/${meeting.shortCode}/members`;
      const importCsv = (csv: string) =>
        api.post(`${members}/import`, undefined, {
          token: tenant.token,
          raw: csv,
          headers: { 'content-type': 'text/csv' },
        });
      const refused = expectProblem(
        await importCsv(
          [
            'unit,voterName,voterEmail,language',
            '1,Ann,ann@example.test,en',
            '2,Bob,bob@example.test,de',
            '3,,,fr',
          ].join('\n'),
        ),
        400,
        'import_invalid',
      ) as { errors?: { line: number; message: string }[] };
      expect(refused.errors?.map((error) => error.line)).toEqual([3, 4]);
      expect(refused.errors?.[0].message).toContain('"de"');
      const done = await importCsv(
        [
          'unit,voterName,voterEmail,language',
          '1,Ann,ann@example.test,en',
          '2,Bob,bob@example.test,',
          '3,Cy,cy@example.test,FR',
        ].join('\n'),
      );
      expect(done.status, done.text).toBe(200);
      const listed = await api.get(`${members}?size=10`, {
        token: tenant.token,
      });
      const languages = Object.fromEntries(
        (listed.body as Member[])
          .map((member) => Member.parse(member))
          .flatMap((member) =>
            member.voters.map((voter) => [
              voter.email,
              [voter.language, voter.languageChosen],
            ]),
          ),
      );
      expect(languages).toEqual({
        'ann@example.test': ['en', true],
        'bob@example.test': ['fr', false],
        'cy@example.test': ['fr', true],
      });
      // an empty cell keeps the language a voter has; a given one replaces it
      const again = await importCsv(
        [
          'unit,voterName,voterEmail,language',
          '1,Ann,ann@example.test,',
          '3,Cy,cy@example.test,en',
        ].join('\n'),
      );
      expect(again.status, again.text).toBe(200);
      const after = await api.get(`${members}?size=10`, {
        token: tenant.token,
      });
      expect(
        (after.body as Member[])
          .flatMap((member) => member.voters)
          .map((voter) => [voter.email, voter.language])
          .sort(),
      ).toEqual([
        ['ann@example.test', 'en'],
        ['bob@example.test', 'fr'],
        ['cy@example.test', 'en'],
      ]);
    });
  });

  describe('the portal', () => {
    let budget: Matter;

    beforeAll(async () => {
      budget = await createMatter({
        type: 'multiple-choice',
        name: 'Approve the budget',
        header: 'The 2027 budget',
        snippet: '<p>Read it first.</p>',
        options: ['Yes', 'No', 'Abstain'],
        secretBallot: false,
        // a blank header falls back to the canonical one
        translations: {
          fr: {
            name: 'Approuver le budget',
            header: '   ',
            options: ['Pour', 'Contre', 'Abstention'],
          },
        },
      });
      // the French voter chose French; the others follow their browser
      const chose = await api.patch(
        `${portal()}/voter`,
        { language: 'fr' },
        asVoter(voters[0], 'en'),
      );
      expect(chose.status, chose.text).toBe(200);
      expect(PortalVoter.parse(chose.body)).toMatchObject({
        language: 'fr',
        languageChosen: true,
      });
    });

    it('answers a French and an English voter the same matter, each in their language', async () => {
      const french = await portalMeeting(voters[0], 'en');
      const english = await portalMeeting(voters[1], 'en');
      expect(french).toMatchObject({
        language: 'fr',
        languages: ['en', 'fr'],
        name: 'Assemblée annuelle',
        description: 'Ordre du jour',
        questionCategories: ['Finances', 'Travaux'],
      });
      // untranslated: the canonical text, never a key or an empty string
      expect(french.location).toBe(tenant.meeting.location);
      expect(english).toMatchObject({
        language: 'en',
        name: tenant.meeting.name,
        questionCategories: ['Budget', 'Repairs'],
      });
      const frenchMatter = french.matters.find(
        (m) => m.matterKey === budget.key,
      )!;
      const englishMatter = english.matters.find(
        (m) => m.matterKey === budget.key,
      )!;
      expect(frenchMatter).toMatchObject({
        name: 'Approuver le budget',
        header: 'The 2027 budget',
        snippet: '<p>Read it first.</p>',
        options: ['Yes', 'No', 'Abstain'],
        optionLabels: ['Pour', 'Contre', 'Abstention'],
      });
      expect(englishMatter).toMatchObject({
        name: 'Approve the budget',
        header: 'The 2027 budget',
        options: ['Yes', 'No', 'Abstain'],
        optionLabels: ['Yes', 'No', 'Abstain'],
      });
      // a voter who chose nothing reads their browser's language
      const automatic = await portalMeeting(voters[2], 'fr-CA,fr;q=0.9');
      expect(automatic).toMatchObject({
        language: 'fr',
        name: 'Assemblée annuelle',
      });
      const entry = await api.get(`${portal()}/entry`, {
        headers: { 'accept-language': 'fr' },
      });
      expect(PortalEntry.parse(entry.body)).toMatchObject({
        language: 'fr',
        name: 'Assemblée annuelle',
      });
    });

    it('words the proxy form in the voter’s language, options staying canonical', async () => {
      const form = await api.get(`${portal()}/proxy-form`, asVoter(voters[0]));
      expect(form.status, form.text).toBe(200);
      const parsed = ProxyForm.parse(form.body);
      expect(parsed.language).toBe('fr');
      expect(
        parsed.matters.find((m) => m.matterKey === budget.key),
      ).toMatchObject({
        name: 'Approuver le budget',
        header: 'The 2027 budget',
        options: ['Yes', 'No', 'Abstain'],
        optionLabels: ['Pour', 'Contre', 'Abstention'],
      });
    });

    it('takes no translated label as a proxy direction', async () => {
      // the French voter reads "Pour", but a direction names the canonical option
      const label = await api.post(
        `${portal()}/proxy`,
        {
          holder: { isDefault: false, name: 'Nadia', email: 'nadia@h.test' },
          directions: [{ matterKey: budget.key, choices: ['Pour'] }],
          signedName: `Owner ${voters[0].unit}`,
          agree: true,
        },
        asVoter(voters[0], 'fr'),
      );
      expectProblem(label, 400, 'invalid_choice');
      expect(paths(label.body)).toEqual(['directions.0.choices.0']);
    });

    it('sends every language’s texts on the live channel and counts both voters’ canonical ballots', async () => {
      const chair = await connectLive(gateway.baseUrl, tenant.token);
      const frenchSocket = await connectLive(gateway.baseUrl, voters[0].token);
      sockets.push(chair, frenchSocket);
      await request(chair, 'subscribe', { shortCode: shortCode() });
      const snapshot = (await request(frenchSocket, 'subscribe', {
        shortCode: shortCode(),
      })) as LiveSnapshot;
      expect(snapshot.meeting).toMatchObject({
        languages: ['en', 'fr'],
        translations: { fr: { name: 'Assemblée annuelle' } },
      });
      expect(
        snapshot.matters.find((m) => m.matterKey === budget.key)?.translations,
      ).toEqual({
        fr: {
          name: 'Approuver le budget',
          options: ['Pour', 'Contre', 'Abstention'],
        },
      });

      const live = nextEvent(
        frenchSocket,
        'matter.state',
        (e) => e.matterKey === budget.key && e.liveStatus === 'live',
      );
      const started = await api.post(
        `${base()}/matters/${budget.key}/action`,
        { action: 'start', duration: 120 },
        manager(),
      );
      expect(started.status, started.text).toBe(204);
      await live;

      // a translated label is not an option: REST and socket alike
      const restLabel = await api.post(
        `${portal()}/matters/${budget.key}/ballots`,
        { choices: ['Pour'] },
        asVoter(voters[0]),
      );
      expectProblem(restLabel, 400, 'invalid_choice');
      expect(
        await request(frenchSocket, 'ballot.cast', {
          matterKey: budget.key,
          choices: ['Contre'],
        }),
      ).toMatchObject({ error: { status: 400, code: 'invalid_choice' } });
      // nor on a manager's ballot for a member (the one intake, docs/architecture.md)
      expectProblem(
        await api.post(
          `${base()}/matters/${budget.key}/ballots`,
          {
            memberKey: voters[3].memberId,
            choices: ['Abstention'],
            method: 'proxy',
          },
          manager(),
        ),
        400,
        'invalid_choice',
      );

      const counted = nextEvent(
        chair,
        'matter.tally',
        (e) => e.matterKey === budget.key && e.votesCast === 2,
      );
      expect(
        await request(frenchSocket, 'ballot.cast', {
          matterKey: budget.key,
          choices: ['Yes'],
        }),
      ).toMatchObject({ matterKey: budget.key });
      const english = await api.post(
        `${portal()}/matters/${budget.key}/ballots`,
        { choices: ['No'] },
        asVoter(voters[1]),
      );
      expect(english.status, english.text).toBe(201);
      const tally = MatterTallyEvent.parse(await counted);
      const votes = Object.fromEntries(
        tally.rows.map((row) => [row.vote, row.numLiveVotes]),
      );
      expect(votes).toMatchObject({ Yes: 1, No: 1, Abstain: 0 });
      expect(Object.keys(votes)).not.toContain('Pour');
    });

    it('files a question asked under a translated category under the canonical one', async () => {
      const asked = await api.post(
        `${portal()}/questions`,
        { category: 'Travaux', text: 'Quand refait-on le toit ?' },
        asVoter(voters[0]),
      );
      expect(asked.status, asked.text).toBe(201);
      expect(OwnQuestion.parse(asked.body).category).toBe('Travaux');
      const [stored] = await gateway.app
        .get(Database)
        .db.select({ category: questions.category })
        .from(questions)
        .where(eq(questions.voterId, voters[0].voterId));
      expect(stored.category).toBe('Repairs');
      const english = await api.get(
        `${portal()}/questions`,
        asVoter(voters[1]),
      );
      expect(OwnQuestions.parse(english.body)).toMatchObject({
        language: 'en',
        categories: ['Budget', 'Repairs'],
      });
      expectProblem(
        await api.post(
          `${portal()}/questions`,
          { category: 'Plomberie', text: 'Une fuite ?' },
          asVoter(voters[0]),
        ),
        400,
        'unknown_category',
      );
    });

    it('lists the documents for every reader and those of the voter’s language, titled in it', async () => {
      const register = async (name: string, extra: object) => {
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array([37, 80, 68, 70, name.length])], {
            type: 'application/pdf',
          }),
          `${name}.pdf`,
        );
        const uploaded = await fetch(
          `${gateway.baseUrl}${base()}/documents/upload`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${tenant.token}` },
            body: form,
          },
        );
        const upload = UploadedDocument.parse(await uploaded.json());
        return api.post(
          `${base()}/documents`,
          { Key: upload.Key, name, size: upload.size, ...extra },
          manager(),
        );
      };
      expectProblem(
        await register('Agenda', { language: 'de' }),
        400,
        'validation_failed',
      );
      const unlisted = await api.post(
        `${base()}/documents`,
        { Key: 'x', name: 'x', size: 1, translations: { es: { name: 'x' } } },
        manager(),
      );
      expectProblem(unlisted, 400, 'validation_failed');
      const both = await register('Agenda', {
        translations: { fr: { name: 'Ordre du jour' } },
      });
      expect(both.status, both.text).toBe(201);
      const frenchOnly = await register('Procès-verbal', { language: 'fr' });
      expect(frenchOnly.status, frenchOnly.text).toBe(201);
      expect(
        MeetingDocumentList.parse(frenchOnly.body).map((d) => [
          d.document.name,
          d.language,
        ]),
      ).toEqual(
        expect.arrayContaining([
          ['Agenda', null],
          ['Procès-verbal', 'fr'],
        ]),
      );
      const titles = async (voter: VoterFixture) =>
        (
          (await api.get(`${portal()}/documents`, asVoter(voter)))
            .body as PortalDocument[]
        )
          .map((d) => d.name)
          .sort();
      expect(await titles(voters[0])).toEqual([
        'Ordre du jour',
        'Procès-verbal',
      ]);
      expect(await titles(voters[1])).toEqual(['Agenda']);
    });
  });

  describe('elections from nominations', () => {
    it('carry each nomination statement’s translations to the candidates, and the portal reads them', async () => {
      const nominate = (voter: VoterFixture, body: object) =>
        api.post(`${portal()}/nominations`, body, { token: voter.token });
      const unlisted = await api.post(
        `/portal/v1/Meetings/${outsider.meeting.shortCode}/nominations`,
        {
          name: 'Nobody',
          statement: 'x',
          consent: true,
          translations: { fr: { statement: 'y' } },
        },
        { token: (await createVoters(gateway, outsider, 1))[0].token },
      );
      expect(unlisted.status).toBe(400);
      const made = await nominate(voters[1], {
        name: 'Grace Lee',
        statement: 'Twelve years on the board.',
        translations: { fr: { statement: 'Douze ans au conseil.' } },
        consent: true,
      });
      expect(made.status, made.text).toBe(201);
      const nomination = Nomination.parse(made.body);
      expect(nomination.translations).toEqual({
        fr: { statement: 'Douze ans au conseil.' },
      });
      const accepted = await api.post(
        `${base()}/nominations/${nomination.key}/accept`,
        undefined,
        manager(),
      );
      expect(accepted.status, accepted.text).toBe(200);
      const closed = await api.patch(
        base(),
        {
          nominationExpiryDate: new Date(
            gateway.clock.nowMs() - 60_000,
          ).toISOString(),
        },
        manager(),
      );
      expect(closed.status, closed.text).toBe(200);
      const election = await createMatter({
        type: 'multiple-choice',
        name: 'Elect a director',
        fromNominations: true,
        translations: { fr: { name: 'Élire un administrateur' } },
      });
      expect(election.candidates).toEqual([
        {
          name: 'Grace Lee',
          statement: 'Twelve years on the board.',
          translations: { fr: { statement: 'Douze ans au conseil.' } },
        },
      ]);
      const french = (await portalMeeting(voters[0])).matters.find(
        (m) => m.matterKey === election.key,
      );
      expect(french).toMatchObject({
        name: 'Élire un administrateur',
        options: ['Grace Lee'],
        optionLabels: ['Grace Lee'],
        candidates: [{ name: 'Grace Lee', statement: 'Douze ans au conseil.' }],
      });
      const english = (await portalMeeting(voters[1])).matters.find(
        (m) => m.matterKey === election.key,
      );
      expect(english?.candidates[0].statement).toBe(
        'Twelve years on the board.',
      );
    });
  });

  describe('a language taken off the meeting', () => {
    it('takes its translations with it, everywhere', async () => {
      const removed = await api.patch(base(), { languages: ['en'] }, manager());
      expect(removed.status, removed.text).toBe(200);
      expect(Meeting.parse(removed.body)).toMatchObject({
        language: 'en',
        languages: ['en'],
        translations: {},
      });
      const settings = await api.get(`${base()}/settings`, manager());
      expect(MeetingSettings.parse(settings.body).translations).toEqual({});
      const matters = (await api.get(`${base()}/matters`, manager()))
        .body as Matter[];
      expect(matters.filter((matter) => 'fr' in matter.translations)).toEqual(
        [],
      );
      expect(
        matters.flatMap((matter) =>
          matter.candidates.filter((c) => 'fr' in c.translations),
        ),
      ).toEqual([]);
      const documents = MeetingDocumentList.parse(
        (await api.get(`${base()}/documents`, manager())).body,
      );
      expect(documents.filter((d) => 'fr' in d.translations)).toEqual([]);
      const nominations = (await api.get(`${base()}/nominations`, manager()))
        .body as Nomination[];
      expect(nominations.length).toBeGreaterThan(0);
      expect(nominations.filter((n) => 'fr' in n.translations)).toEqual([]);
      // the French voter now reads the canonical texts
      const french = await portalMeeting(voters[0]);
      expect(french).toMatchObject({
        language: 'fr',
        name: tenant.meeting.name,
        questionCategories: ['Budget', 'Repairs'],
      });
      expectProblem(
        await api.patch(
          base(),
          { translations: { fr: { name: 'Assemblée' } } },
          manager(),
        ),
        400,
        'validation_failed',
      );
    });
  });
});
