// The built gateway (apps/gateway/dist/main.js) as OS processes, one per node.
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGatewayProcess } from '../../scripts/lib/processes.mjs';
import { GATEWAY_DIR } from './deps.mjs';
import { JWT_SECRET } from './env.mjs';

export const GATEWAY_MAIN = join(GATEWAY_DIR, 'dist/main.js');

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
  const node = await startGatewayProcess({
    main: GATEWAY_MAIN,
    nodeArgs: [
      ...nodeArgs,
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []),
    ],
    env: {
      NODE_ENV: 'production',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // a closed loop sends a socket's next ballot as soon as the last is answered: more
      // packets a second than any person; bench/socket-flood.mjs measures the budget itself
      LIVE_PACKETS_PER_SECOND: '100000',
      LIVE_PACKET_BURST: '100000',
      DATABASE_URL: databaseUrl,
      ...(redis ? { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix } : {}),
      ...env,
    },
    readyTimeoutMs: 60_000,
    outputLimit: 20_000,
    log: process.env.BENCH_GATEWAY_LOG
      ? createWriteStream(process.env.BENCH_GATEWAY_LOG, { flags: 'a' })
      : undefined,
  });
  return {
    baseUrl: node.baseUrl,
    pid: node.child.pid,
    output: node.output,
    rss: () => rssOf(node.child.pid),
    stop: (signal = 'SIGTERM') => node.stop(signal, { killAfterMs: 15_000 }),
  };
}
