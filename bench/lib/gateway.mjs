// The built gateway (apps/gateway/dist/main.js) as OS processes, one per node.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GATEWAY_DIR } from './deps.mjs';
import { JWT_SECRET } from './env.mjs';

export const GATEWAY_MAIN = join(GATEWAY_DIR, 'dist/main.js');

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

/** Resident set size of a process in bytes, from /proc. */
export function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : NaN;
}

/**
 * One gateway node. `cpuProfDir` starts it under `node --cpu-prof`; the profile is written
 * when it stops with SIGTERM.
 */
export async function startGateway({
  databaseUrl,
  redis,
  env = {},
  cpuProfDir,
  nodeArgs = [],
}) {
  if (!existsSync(GATEWAY_MAIN))
    throw new Error(
      `${GATEWAY_MAIN} missing: run npx tsc -b apps/gateway first`,
    );
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lv-bench-node-'));
  const args = [
    ...nodeArgs,
    ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []),
    GATEWAY_MAIN,
  ];
  let output = '';
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_URL: databaseUrl,
      ...(redis ? { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((done) =>
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      done(code ?? signal);
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
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
      throw new Error(`gateway not ready in 60 s:\n${output}`);
    }
    await sleep(100);
  }
  return {
    baseUrl,
    pid: child.pid,
    output: () => output,
    rss: () => rssOf(child.pid),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null)
        child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}
