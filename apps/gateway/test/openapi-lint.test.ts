import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from './support/http';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The published document, as a partner's code generator reads it (docs/partner-api.md). */
describe('The published OpenAPI document', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let gateway: TestGateway;
  let source: string;
  let document: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
    });
    const answer = await http(gateway.baseUrl).get('/docs/openapi.json');
    expect(answer.status).toBe(200);
    source = answer.text;
    document = JSON.parse(source);
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.cleanup();
    await database?.drop();
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({
          name: `${method.toUpperCase()} ${path}`,
          operation,
        })),
    );

  it('passes the recommended redocly rules without an error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map(
        (problem) =>
          `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`,
      );
    expect(errors).toEqual([]);
  });

  it('declares OpenAPI 3.1, the dialect of the JSON Schema it carries', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('gives every operation a one-line summary and a tag', () => {
    const missing = operations()
      .filter(
        ({ operation }) =>
          !operation.summary?.trim() ||
          operation.summary.includes('\n') ||
          !operation.tags?.length,
      )
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it('never says the same summary for two operations', () => {
    const seen = new Map<string, string>();
    const repeated: string[] = [];
    for (const { name, operation } of operations()) {
      const summary = operation.summary ?? '';
      const first = seen.get(summary);
      if (first) repeated.push(`${name} repeats ${first}: ${summary}`);
      else seen.set(summary, name);
    }
    expect(repeated).toEqual([]);
  });
});
