import { OwnQuestion, PortalSessionResponse } from '@livevote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMeeting,
  createTenant,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import { createVoters, type VoterFixture } from './support/live-fixtures';
import { startGateways, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const CATEGORIES = ['Budget', 'Other'];
const PER_MEETING = 8;

/**
 * Question limits count units, not voters (docs/hybrid-meetings.md, "Questions"): issue 31's
 * unit that registered five voters to ask five times as much, replayed on two nodes sharing
 * PostgreSQL and Redis; and a cap on the chair's whole queue.
 */
describe('Question limits', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let nodes: TestGateway[];
  let apis: Http[];
  let tenant: TenantFixture;
  let voters: VoterFixture[];

  const ask = (token: string, text: string, node: number, shortCode: string) =>
    apis[node].post(
      `/portal/v1/Meetings/${shortCode}/questions`,
      { category: 'Budget', text },
      { token },
    );
  const openQuestions = async (shortCode: string) => {
    const result = await apis[0].patch(
      `/v1/Meetings/${shortCode}/settings`,
      { questionCategories: CATEGORIES },
      { token: tenant.token },
    );
    expect(result.status, result.text).toBe(200);
  };
  const moderate = async (shortCode: string, key: string, status: string) => {
    const result = await apis[1].patch(
      `/v1/Meetings/${shortCode}/questions/${key}`,
      { status },
      { token: tenant.token },
    );
    expect(result.status, result.text).toBe(200);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    nodes = await startGateways(2, {
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      env: { QUESTIONS_PENDING_PER_MEETING: String(PER_MEETING) },
    });
    apis = nodes.map((node) => http(node.baseUrl));
    tenant = await createTenant(nodes[0]);
    voters = await createVoters(nodes[0], tenant, 2);
    await openQuestions(tenant.meeting.shortCode);
  });

  afterAll(async () => {
    for (const node of nodes ?? []) await node.close();
    await redis?.cleanup();
    await database?.drop();
  });

  it('gives a unit with five voters one unit’s questions, not five', async () => {
    const shortCode = tenant.meeting.shortCode;
    const tokens = [voters[0].token];
    for (let i = 1; i < 5; i++) {
      const registered = await apis[i % 2].post(
        `/portal/v1/Meetings/${shortCode}/register`,
        {
          controlNumber: `CN-${tenant.meeting.id.slice(0, 8)}-0`,
          name: `Co-owner ${i}`,
          email: `co-owner-${i}@owners.test`,
        },
      );
      expect(registered.status, registered.text).toBe(200);
      tokens.push(PortalSessionResponse.parse(registered.body).voterToken);
    }

    // one question from each of the unit's voters: three wait for the chair, then no more
    const answers = [];
    for (const [i, token] of tokens.slice(0, 4).entries())
      answers.push(await ask(token, `Question ${i}`, i % 2, shortCode));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([201, 201, 201]);
    expectProblem(answers[3], 429, 'too_many_questions');

    // another unit is not held back by it
    const other = await ask(voters[1].token, 'Mine too', 1, shortCode);
    expect(other.status, other.text).toBe(201);

    // once the chair takes questions up, the unit may ask again
    await moderate(
      shortCode,
      OwnQuestion.parse(answers[0].body).key,
      'dismissed',
    );
    await moderate(
      shortCode,
      OwnQuestion.parse(answers[1].body).key,
      'approved',
    );
    expect((await ask(tokens[4], 'Question 4', 0, shortCode)).status).toBe(201);

    // and how fast it asks counts the unit too, not each voter: 5 asks a minute
    const hurried = await ask(tokens[2], 'Question 5', 1, shortCode);
    expectProblem(hurried, 429, 'rate_limited');
    expect(Number(hurried.headers.get('retry-after'))).toBeGreaterThan(0);

    const queue = await apis[0].get(
      `/v1/Meetings/${shortCode}/questions?status=new`,
      { token: tenant.token },
    );
    expect(queue.status, queue.text).toBe(200);
    const units = (queue.body as { unit: string }[]).map((q) => q.unit);
    expect(units.filter((unit) => unit === voters[0].unit)).toHaveLength(2);
  });

  it('caps the questions waiting in a meeting, whichever units ask', async () => {
    const meeting = await createMeeting(nodes[0], tenant.account.key);
    await openQuestions(meeting.shortCode);
    const crowd = await createVoters(nodes[0], { ...tenant, meeting }, 4);
    const answers = [];
    for (const [m, voter] of crowd.entries())
      for (let i = 0; i < 3; i++)
        answers.push(
          await ask(
            voter.token,
            `Unit ${m} asks ${i}`,
            (m + i) % 2,
            meeting.shortCode,
          ),
        );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(PER_MEETING);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(12 - PER_MEETING);
    for (const answer of refused)
      expectProblem(answer, 429, 'question_queue_full');

    // the chair answers one: there is room for one more
    await moderate(
      meeting.shortCode,
      OwnQuestion.parse(answers[0].body).key,
      'answered',
    );
    expect(
      (await ask(crowd[3].token, 'Room now', 0, meeting.shortCode)).status,
    ).toBe(201);
    expectProblem(
      await ask(crowd[3].token, 'And again', 1, meeting.shortCode),
      429,
      'question_queue_full',
    );
    // another meeting's queue is its own
    expect(
      (await ask(voters[1].token, 'Elsewhere', 1, tenant.meeting.shortCode))
        .status,
    ).toBe(201);
  });
});
