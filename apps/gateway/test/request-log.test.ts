import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startGatewayProcess,
  type GatewayProcess,
} from './support/gateway-process';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const SECRETS = {
  token: 'unsubscribe-secret-0123456789abcdef',
  sig: 'download-signature-0123456789abcdef',
  bearer: 'bearer-secret-0123456789abcdef',
  referer: 'screen-secret-0123456789abcdef',
};

/** Resolves with the output once it holds a line that passes `test` (no polling). */
function lineMatching(
  node: GatewayProcess,
  test: (line: string) => boolean,
): Promise<string> {
  return new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`no such line in:\n${node.output()}`)),
      10_000,
    );
    const check = () => {
      const line = node.output().split('\n').find(test);
      if (line === undefined) return;
      clearTimeout(timer);
      node.child.stdout!.off('data', check);
      done(line);
    };
    node.child.stdout!.on('data', check);
    check();
  });
}

/** The built gateway as its own process: its real stdout is the request log. */
describe('The request log of a gateway process', () => {
  let database: TestDatabase;
  let node: GatewayProcess;

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', resolve(__dirname, '..')],
      { stdio: 'inherit' },
    );
    database = await createTestDatabase();
    node = await startGatewayProcess({
      DATABASE_URL: database.url,
      // requests are logged at debug (README, LOG_LEVEL)
      LOG_LEVEL: 'debug',
      PUBLIC_URL: 'https://public.example.test',
    });
  }, 120_000);

  afterAll(async () => {
    await node?.stop();
    await database?.drop();
  });

  it('logs the address it bound, and the public URL apart from it', async () => {
    const line = await lineMatching(node, (l) => l.includes('listening on'));
    expect(line).toContain(`listening on ${node.baseUrl}`);
    expect(line).toContain('public URL https://public.example.test');
  });

  it('writes no query string, bearer token or secret Referer into the request log', async () => {
    const path = '/portal/v1/unsubscribe';
    const response = await fetch(
      `${node.baseUrl}${path}?token=${SECRETS.token}&sig=${SECRETS.sig}`,
      {
        headers: {
          authorization: `Bearer ${SECRETS.bearer}`,
          referer: `https://public.example.test/screen/ABC?token=${SECRETS.referer}`,
        },
      },
    );
    const correlationId = response.headers.get('x-request-id')!;
    const line = await lineMatching(
      node,
      (l) => l.includes(correlationId) && l.includes('"res"'),
    );
    const entry = JSON.parse(line) as { req: { url: string } };
    expect(entry.req.url).toBe(`${path}?[redacted]`);
    for (const secret of Object.values(SECRETS))
      expect(node.output()).not.toContain(secret);
  });
});
