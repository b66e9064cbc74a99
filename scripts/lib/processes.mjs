// The built gateway as OS processes, free ports and Redis key prefixes: one set of helpers for
// the gateway's tests, the bench and the console's end-to-end set-up. Types: processes.d.mts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
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

/**
 * The METRICS_TOKEN every gateway started here gets: on PostgreSQL /metrics answers only the
 * scraper that sends it (docs/security.md).
 */
export const METRICS_TOKEN = 'local-test-metrics-token';

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
 * removed when it exits, and resolves once /readyz answers 200 from that process.
 *
 * A free port is only free until someone takes it: tests and benches start gateways side by
 * side, so another may bind the port between freePort() and this child's listen. Then this
 * child exits (port in use) and is started again on a new port, and meanwhile /readyz is
 * answered by the other gateway, so it counts only once the port is this child's own. Trusting
 * it sent a bench's sockets, signed with its own secret, to another run's gateway
 * ("unauthorized").
 */
export async function startGatewayProcess(options) {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(options);
    if (started.gateway) return started.gateway;
    if (options.port !== undefined || attempt === PORT_ATTEMPTS)
      throw new Error(`gateway exited early:\n${started.output}`);
  }
}

/** Starts on a port freePort() found this many times at most, when another takes it first. */
const PORT_ATTEMPTS = 5;

/**
 * One start: `{ gateway }` once ready, or `{ output }` when the child exited because its
 * port was taken (any other early exit throws).
 */
async function startOnce({
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
      METRICS_TOKEN,
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
  // its output is all read only once its pipes close, after it exits
  const closed = new Promise((done) => child.once('close', done));
  const baseUrl = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await closed;
      if (/EADDRINUSE|already in use/.test(output)) return { output };
      throw new Error(`gateway exited early:\n${output}`);
    }
    const ok = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok && listensOn(child.pid, listen)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `gateway not ready in ${readyTimeoutMs / 1000} s:\n${output}`,
      );
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  const gateway = {
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
  return { gateway };
}

/**
 * Whether process `pid` holds the listening TCP socket of `port`: one of its descriptors is
 * the socket /proc/net/tcp lists as listening there. Without procfs (not Linux), true.
 */
function listensOn(pid, port) {
  if (!existsSync('/proc/net/tcp')) return true;
  const listening = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = readOrNull(() => readFileSync(table, 'utf8')) ?? '';
    // sl local_address rem_address st ... inode; st 0A is LISTEN, the port is hex
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue;
      if (Number.parseInt(fields[1].split(':')[1], 16) === port)
        listening.add(`socket:[${fields[9]}]`);
    }
  }
  if (listening.size === 0) return false;
  // a descriptor may close while it is read: then it is not the one
  const descriptors = readOrNull(() => readdirSync(`/proc/${pid}/fd`)) ?? [];
  return descriptors.some((fd) =>
    listening.has(readOrNull(() => readlinkSync(`/proc/${pid}/fd/${fd}`))),
  );
}

/** What `read` answers, or null when it throws (a file gone meanwhile). */
function readOrNull(read) {
  try {
    return read();
  } catch {
    return null;
  }
}
