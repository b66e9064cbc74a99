// Memory: RSS per connected, subscribed voter socket in the gateway, against a bare socket.io
// server's per socket (sockets join one room), at N sockets. Both servers run with a probe that
// collects garbage and reports process.memoryUsage() on a signal; the figures are taken before
// the sockets connect (after a small warm-up crowd came and went) and after they all connected.
//
//   node bench/memory.mjs [--sockets 10000]
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { forkBareServer, forkGenerator } from './lib/children.mjs';
import { log, withServices } from './lib/env.mjs';
import { connectAll, settleMs, sleep } from './lib/fanout.mjs';
import { seedMeeting } from './lib/fixtures.mjs';
import { startGateway } from './lib/gateway.mjs';
import { ratio } from './lib/stats.mjs';

const { values } = parseArgs({
  options: { sockets: { type: 'string', default: '10000' } },
});
const sockets = Number(values.sockets);
const WARM_UP = Math.min(100, sockets);
const PROBE = fileURLToPath(new URL('./lib/memory-probe.mjs', import.meta.url));
const nodeArgs = ['--expose-gc', '--import', PROBE];
const dir = mkdtempSync(join(tmpdir(), 'lv-bench-memory-'));

/** A full GC in the server, then its memoryUsage(). */
async function probe(server, file) {
  rmSync(file, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 600 && !existsSync(file); i++) await sleep(100);
  await sleep(200);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Memory growth of `server` while the generator connects `connectArgs` sockets. */
async function perSocket(generator, server, file, warmUpArgs, connectArgs) {
  await connectAll(generator, warmUpArgs);
  await generator.call('disconnect');
  await sleep(settleMs(WARM_UP));
  const before = await probe(server, file);
  const connect = await connectAll(generator, connectArgs);
  await sleep(settleMs(sockets));
  const after = await probe(server, file);
  await generator.call('disconnect');
  const per = (key) => Math.round((after[key] - before[key]) / sockets);
  return {
    rssBeforeMb: Math.round(before.rss / 2 ** 20),
    rssAfterMb: Math.round(after.rss / 2 ** 20),
    bytesPerSocket: per('rss'),
    heapBytesPerSocket: per('heapUsed'),
    heapTotalBytesPerSocket: per('heapTotal'),
    externalBytesPerSocket: per('external'),
    connectMs: connect.ms,
  };
}

const result = await withServices(async ({ database, redis }) => {
  const gatewayFile = join(dir, 'gateway.json');
  const bareFile = join(dir, 'bare.json');
  const gateway = await startGateway({
    databaseUrl: database.url,
    redis,
    nodeArgs,
    env: {
      BENCH_MEMORY_FILE: gatewayFile,
      BENCH_HEAP_SNAPSHOT_DIR: process.env.BENCH_HEAP_SNAPSHOT_DIR ?? '',
    },
  });
  const generator = await forkGenerator();
  const bare = await forkBareServer({
    nodeArgs,
    env: { BENCH_MEMORY_FILE: bareFile },
  });
  try {
    const seed = await seedMeeting(database.url, {
      voters: sockets + WARM_UP,
      matters: 3,
    });
    const tokens = seed.voters.map((voter) => voter.token);
    const live = `${gateway.baseUrl}/live`;
    const viaGateway = await perSocket(
      generator,
      gateway,
      gatewayFile,
      { url: live, tokens: tokens.slice(sockets), subscribe: seed.shortCode },
      {
        url: live,
        tokens: tokens.slice(0, sockets),
        subscribe: seed.shortCode,
      },
    );
    log(`memory: gateway ${JSON.stringify(viaGateway)}`);
    const viaBare = await perSocket(
      generator,
      bare,
      bareFile,
      { url: `${bare.url}/live`, count: WARM_UP },
      { url: `${bare.url}/live`, count: sockets },
    );
    log(`memory: bare ${JSON.stringify(viaBare)}`);
    const perSocketRatio = ratio(
      viaGateway.bytesPerSocket,
      viaBare.bytesPerSocket,
    );
    return {
      bench: 'memory',
      sockets,
      gateway: viaGateway,
      bare: viaBare,
      perSocketRatio,
      heapPerSocketRatio: ratio(
        viaGateway.heapBytesPerSocket,
        viaBare.heapBytesPerSocket,
      ),
      target: {
        rule: 'RSS per socket <= 1.5 x bare socket.io',
        met: perSocketRatio !== null && perSocketRatio <= 1.5,
      },
    };
  } finally {
    await generator.stop();
    await bare.stop();
    await gateway.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
console.log(
  JSON.stringify({
    ...result,
    run: Number(process.env.BENCH_RUN ?? 1),
    at: new Date().toISOString(),
  }),
);
