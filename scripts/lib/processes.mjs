// The built gateway as OS processes, free ports and Redis key prefixes: one set of helpers for
// the gateway's tests, the bench and the console's end-to-end set-up. Types: processes.d.mts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A loopback TCP port nothing listens on now. */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** A Redis key prefix of its own under `base`, so runs never see each other's keys. */
export function redisPrefix(base) {
  return `${base}:${randomBytes(6).toString('hex')}`;
}

/** Deletes every key under the prefix, with the caller's ioredis client. */
export async function deleteKeys(client, prefix, batch = 500) {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(
      cursor,
      'MATCH',
      `${prefix}:*`,
      'COUNT',
      batch,
    );
    if (keys.length) await client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/**
 * Starts `main` (the built gateway) on a loopback port with a data directory of its own,
 * removed when it exits, and resolves once /readyz answers 200.
 */
export async function startGatewayProcess({
  main,
  env = {},
  nodeArgs = [],
  cwd,
  port,
  readyTimeoutMs = 30_000,
  outputLimit = Infinity,
  log,
}) {
  const listen = port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-node-'));
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(listen),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output += chunk.toString();
    if (output.length > outputLimit) output = output.slice(-outputLimit);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  if (log) {
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  const exited = new Promise((done) =>
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      done(code ?? signal ?? 'unknown');
    }),
  );
  const baseUrl = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`gateway exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `gateway not ready in ${readyTimeoutMs / 1000} s:\n${output}`,
      );
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    baseUrl,
    port: listen,
    dataDir,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM', { killAfterMs } = {}) {
      if (child.exitCode === null && child.signalCode === null)
        child.kill(signal);
      const timer =
        killAfterMs === undefined
          ? undefined
          : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}
