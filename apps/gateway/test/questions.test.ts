import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import {
  MeetingSettings,
  MeetingStats,
  OwnQuestion,
  OwnQuestions,
  Question,
  type LiveSnapshot,
} from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTenant, type TenantFixture } from './support/factories';
import {
  startGatewayProcess,
  TEST_JWT_SECRET,
  type GatewayProcess,
} from './support/gateway-process';
import { expectProblem, http, type Http } from './support/http';
import {
  connectLive,
  nextEvent,
  request,
  type LiveClient,
} from './support/live-client';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const CATEGORIES = ['Budget', 'Repairs', 'Other'];

/**
 * Voters ask from the portal; the chair moderates a live queue; an approved question goes on
 * the big screen (docs/hybrid-meetings.md, "Questions"). Two gateway processes on one
 * PostgreSQL and one Redis: voters and the screen on node A, the chair on node B.
 */
describe('Questions', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let fixtures: TestGateway;
  let nodeA: GatewayProcess;
  let nodeB: GatewayProcess;
  let apiA: Http;
  let apiB: Http;
  let tenant: TenantFixture;
  let foreign: TenantFixture;
  let voters: VoterFixture[];
  let foreignVoter: VoterFixture;
  let managerToken: string;
  let chair: LiveClient;
  let screen: LiveClient;
  let asker: LiveClient;
  const sockets: LiveClient[] = [];

  const shortCode = () => tenant.meeting.shortCode;
  const base = () => `/v1/Meetings/${shortCode()}`;
  const portal = () => `/portal/v1/Meetings/${shortCode()}`;
  const asManager = () => ({ token: managerToken });
  const ask = (i: number, body: object, api = apiA) =>
    api.post(`${portal()}/questions`, body, { token: voters[i].token });
  const asked = async (i: number, body: object) => {
    const result = await ask(i, body);
    expect(result.status, result.text).toBe(201);
    return OwnQuestion.parse(result.body);
  };
  const moderate = async (key: string, body: object, api = apiA) => {
    const result = await api.patch(
      `${base()}/questions/${key}`,
      body,
      asManager(),
    );
    expect(result.status, result.text).toBe(200);
    return Question.parse(result.body);
  };
  const live = async (node: GatewayProcess, token: string) => {
    const socket = await connectLive(node.baseUrl, token);
    sockets.push(socket);
    const snapshot = await request(socket, 'subscribe', {
      shortCode: shortCode(),
    });
    if ('error' in snapshot) throw new Error(snapshot.error.message);
    return { socket, snapshot: snapshot as LiveSnapshot };
  };

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', resolve(__dirname, '..')],
      { stdio: 'inherit' },
    );
    database = await createTestDatabase();
    redis = createTestRedis();
    // an in-process gateway only to write fixtures, closed before the nodes start
    fixtures = await startGateway({
      databaseUrl: database.url,
      env: { JWT_SECRET: TEST_JWT_SECRET },
    });
    tenant = await createTenant(fixtures);
    foreign = await createTenant(fixtures);
    voters = await createVoters(fixtures, tenant, 4);
    [foreignVoter] = await createVoters(fixtures, foreign, 1);
    await fixtures.close();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      // room for the rate limit to show; question-limits.test.ts covers the waiting caps
      QUESTIONS_PENDING_PER_MEMBER: '10',
    };
    [nodeA, nodeB] = await Promise.all([
      startGatewayProcess(env),
      startGatewayProcess(env),
    ]);
    apiA = http(nodeA.baseUrl);
    apiB = http(nodeB.baseUrl);
    // tokens signed by the fixture gateway: the nodes share its secret
    managerToken = tenant.token;
    chair = (await live(nodeB, managerToken)).socket;
    asker = (await live(nodeA, voters[0].token)).socket;
    const screenToken = await apiA.post(
      `${base()}/screen-tokens`,
      undefined,
      asManager(),
    );
    expect(screenToken.status, screenToken.text).toBe(201);
    screen = (await live(nodeA, screenToken.body.token)).socket;
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all([nodeA?.stop('SIGTERM'), nodeB?.stop('SIGTERM')]);
    await redis?.cleanup();
    await database?.drop();
  });

  it('takes the question categories as a meeting setting, distinct and plain', async () => {
    for (const questionCategories of [
      ['Budget', 'Budget'],
      ['Bud\u0007get'],
      [''],
      'Budget',
    ])
      expectProblem(
        await apiA.patch(
          `${base()}/settings`,
          { questionCategories },
          asManager(),
        ),
        400,
        'validation_failed',
      );
    const result = await apiA.patch(
      `${base()}/settings`,
      { questionCategories: CATEGORIES },
      asManager(),
    );
    expect(result.status, result.text).toBe(200);
    expect(MeetingSettings.parse(result.body).questionCategories).toEqual(
      CATEGORIES,
    );
    const meeting = await apiA.get(portal(), { token: voters[1].token });
    expect(meeting.body.questionCategories).toEqual(CATEGORIES);
  });

  it('brings a question asked on node A to the chair on node B', async () => {
    const seen = nextEvent(chair, 'question.new', (e) =>
      e.question.text.startsWith('When'),
    );
    const own = await asked(0, {
      category: 'Repairs',
      text: 'When will the roof\nbe repaired?',
    });
    expect(own).toMatchObject({
      category: 'Repairs',
      text: 'When will the roof\nbe repaired?',
      status: 'new',
      reply: null,
    });
    const event = await seen;
    expect(event).toEqual({
      shortCode: shortCode(),
      question: expect.objectContaining({
        key: own.key,
        status: 'new',
        unit: voters[0].unit,
        memberKey: voters[0].memberId,
        voter: { key: voters[0].voterId, name: `Owner ${voters[0].unit}` },
        onScreen: false,
      }),
    });
    const queue = await apiB.get(`${base()}/questions`, asManager());
    expect(queue.status, queue.text).toBe(200);
    expect(
      z
        .array(Question)
        .parse(queue.body)
        .map((q) => q.key),
    ).toEqual([own.key]);
  });

  it('refuses a question over 2,000 characters, in an unknown category, empty or with control characters (400)', async () => {
    expectProblem(
      await ask(1, { category: 'Budget', text: 'x'.repeat(2_001) }),
      400,
      'validation_failed',
    );
    expectProblem(
      await ask(1, { category: 'Gardening', text: 'Who mows the lawn?' }),
      400,
      'unknown_category',
    );
    for (const body of [
      { category: 'Budget', text: '   ' },
      { category: 'Budget', text: 'bell\u0007' },
      { category: 'Budget', text: 'nul\u0000' },
      { category: 'Budget' },
      { category: 'Budget', text: 'Hi', anonymous: true },
      { category: 42, text: 'Hi' },
    ])
      expect((await ask(1, body)).status).toBe(400);
    // exactly 2,000 characters (an emoji is one) is fine
    const longest = await asked(1, {
      category: 'Budget',
      text: '🏠' + 'y'.repeat(1_999),
    });
    expect([...longest.text]).toHaveLength(2_000);
  });

  it('shows a voter only their own questions, with the replies', async () => {
    const mine = await apiA.get(`${portal()}/questions`, {
      token: voters[1].token,
    });
    expect(mine.status, mine.text).toBe(200);
    const own = OwnQuestions.parse(mine.body);
    expect(own.categories).toEqual(CATEGORIES);
    expect(own.open).toBe(true);
    expect(own.questions).toHaveLength(1);
    expect(own.questions[0].category).toBe('Budget');
    const none = OwnQuestions.parse(
      (await apiA.get(`${portal()}/questions`, { token: voters[3].token }))
        .body,
    );
    expect(none.questions).toEqual([]);
  });

  it('moderates live: the chair sees each change, the asker sees the status and the reply', async () => {
    const [question] = OwnQuestions.parse(
      (await apiA.get(`${portal()}/questions`, { token: voters[0].token }))
        .body,
    ).questions;
    const chairSees = nextEvent(
      chair,
      'question.updated',
      (e) =>
        e.question.key === question.key && e.question.status === 'approved',
    );
    const askerSees = nextEvent(
      asker,
      'question.mine',
      (e) =>
        e.question.key === question.key && e.question.status === 'approved',
    );
    await moderate(question.key, { status: 'approved' });
    await chairSees;
    expect((await askerSees).question.reply).toBeNull();

    const replied = nextEvent(
      asker,
      'question.mine',
      (e) => e.question.key === question.key && e.question.reply !== null,
    );
    const answered = await moderate(
      question.key,
      { status: 'answered', reply: 'In the spring.\nThe quote is approved.' },
      apiB,
    );
    expect(answered).toMatchObject({
      status: 'answered',
      reply: 'In the spring.\nThe quote is approved.',
    });
    expect(answered.repliedAt).not.toBeNull();
    expect((await replied).question).toMatchObject({
      status: 'answered',
      reply: 'In the spring.\nThe quote is approved.',
    });
    const own = OwnQuestions.parse(
      (await apiA.get(`${portal()}/questions`, { token: voters[0].token }))
        .body,
    );
    expect(own.questions[0]).toMatchObject({
      key: question.key,
      status: 'answered',
      reply: 'In the spring.\nThe quote is approved.',
    });
    // nobody else's sockets hear of it: voter 1's own socket stays quiet
    const other = (await live(nodeB, voters[1].token)).socket;
    const heard: unknown[] = [];
    other.on('question.mine', (e) => heard.push(e));
    other.on('question.updated', (e) => heard.push(e));
    const again = nextEvent(
      asker,
      'question.mine',
      (e) => e.question.status === 'dismissed',
    );
    await moderate(question.key, { status: 'dismissed' });
    await again;
    expect(heard).toEqual([]);
    await moderate(question.key, { status: 'answered' });
  });

  it('puts an approved question on the big screen and takes it off again', async () => {
    const first = await asked(0, {
      category: 'Budget',
      text: 'Why did the fees go up?',
    });
    expectProblem(
      await apiA.patch(
        `${base()}/questions/${first.key}`,
        { onScreen: true },
        asManager(),
      ),
      409,
      'question_not_approved',
    );
    const shown = nextEvent(
      screen,
      'screen.question',
      (e) => e.question?.key === first.key,
    );
    const onScreen = await moderate(
      first.key,
      { status: 'approved', onScreen: true },
      apiB,
    );
    expect(onScreen.onScreen).toBe(true);
    expect(await shown).toEqual({
      shortCode: shortCode(),
      question: {
        key: first.key,
        category: 'Budget',
        text: 'Why did the fees go up?',
      },
    });
    // a screen that (re)connects finds it in its snapshot
    const late = await live(
      nodeB,
      (await apiB.post(`${base()}/screen-tokens`, undefined, asManager())).body
        .token,
    );
    expect(late.snapshot.screenQuestion).toEqual({
      key: first.key,
      category: 'Budget',
      text: 'Why did the fees go up?',
    });
    const voterView = await live(nodeA, voters[2].token);
    expect(voterView.snapshot).not.toHaveProperty('screenQuestion');

    // the second one shown takes the first off
    const [answered] = z
      .array(Question)
      .parse(
        (await apiA.get(`${base()}/questions?status=answered`, asManager()))
          .body,
      );
    const firstOff = nextEvent(
      chair,
      'question.updated',
      (e) => e.question.key === first.key && !e.question.onScreen,
    );
    const swapped = nextEvent(
      screen,
      'screen.question',
      (e) => e.question?.key === answered.key,
    );
    await moderate(answered.key, { onScreen: true });
    await Promise.all([firstOff, swapped]);
    const queue = z
      .array(Question)
      .parse((await apiB.get(`${base()}/questions`, asManager())).body);
    expect(queue.filter((q) => q.onScreen).map((q) => q.key)).toEqual([
      answered.key,
    ]);

    // dismissing takes it off the screen
    const cleared = nextEvent(
      screen,
      'screen.question',
      (e) => e.question === null,
    );
    const dismissed = await moderate(answered.key, { status: 'dismissed' });
    expect(dismissed.onScreen).toBe(false);
    await cleared;
  });

  it('refuses moderation by a voter (403) and answers 404 across accounts', async () => {
    const [question] = z
      .array(Question)
      .parse((await apiA.get(`${base()}/questions`, asManager())).body);
    expectProblem(
      await apiA.patch(
        `${base()}/questions/${question.key}`,
        { status: 'approved' },
        { token: voters[0].token },
      ),
      403,
      'voter_token_forbidden',
    );
    expectProblem(
      await apiA.get(`${base()}/questions`, { token: voters[0].token }),
      403,
      'voter_token_forbidden',
    );
    expectProblem(
      await apiA.patch(
        `${base()}/questions/${question.key}`,
        { status: 'approved' },
        { token: foreign.token },
      ),
      404,
      'meeting_not_found',
    );
    expectProblem(
      await apiA.patch(
        `/v1/Meetings/${foreign.meeting.shortCode}/questions/${question.key}`,
        { status: 'approved' },
        { token: foreign.token },
      ),
      404,
      'question_not_found',
    );
    expectProblem(
      await apiA.post(
        `${portal()}/questions`,
        { category: 'Budget', text: 'Let me in' },
        { token: foreignVoter.token },
      ),
      404,
      'meeting_not_found',
    );
    for (const body of [
      {},
      { status: 'new' },
      { status: 'approved', pinned: true },
      { reply: 'x'.repeat(2_001) },
      { onScreen: 'yes' },
    ])
      expect(
        (
          await apiA.patch(
            `${base()}/questions/${question.key}`,
            body,
            asManager(),
          )
        ).status,
      ).toBe(400);
  });

  it('counts questions by category in the meeting stats', async () => {
    const stats = MeetingStats.parse(
      (await apiB.get(`${base()}/stats`, asManager())).body,
    );
    expect(stats.questions).toEqual({ Repairs: 1, Budget: 2 });
  });

  it('limits how fast one unit asks (429 with Retry-After)', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        await ask(
          3,
          { category: 'Other', text: `Question ${i}` },
          i % 2 ? apiB : apiA,
        ),
      );
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([
      201, 201, 201, 201, 201,
    ]);
    expectProblem(answers[5], 429, 'rate_limited');
    expect(Number(answers[5].headers.get('retry-after'))).toBeGreaterThan(0);
    // another unit is not held back by it
    expect((await ask(2, { category: 'Other', text: 'Mine too' })).status).toBe(
      201,
    );
  });

  it('takes no more questions once the meeting is over (409)', async () => {
    const past = await apiA.patch(
      base(),
      {
        meetingDate: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        duration: 60,
        expiryDate: null,
      },
      asManager(),
    );
    expect(past.status, past.text).toBe(200);
    expectProblem(
      await ask(1, { category: 'Budget', text: 'Too late?' }),
      409,
      'questions_closed',
    );
    const own = OwnQuestions.parse(
      (await apiA.get(`${portal()}/questions`, { token: voters[1].token }))
        .body,
    );
    expect(own.open).toBe(false);
  });
});
