// Memory: RSS per connected, subscribed voter socket in the gateway, against a bare socket.io
// server's per socket (sockets join one room), at N sockets. Both servers run with a probe that
// collects garbage and reports process.memoryUsage() on a signal; the figures are taken before
// the sockets connect (after a small warm-up crowd came and went) and after they all connected.
//
//   node bench/memory.mjs [--sockets 10000] [--heap-snapshot DIR]
//
// --heap-snapshot DIR also writes a V8 heap snapshot of each server at both probes
// (DIR/gateway-1, -2 and DIR/bare-1, -2 .heapsnapshot) and then prints, on stderr, where the
// heap per socket goes, gateway against bare (bench/heap-diff.mjs). A snapshot costs RSS of
// its own, so take the RSS figures from a run without it. 2,000 sockets: about 3 minutes.
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  existsSync,
  writeFileSync,
} from 'node:fs';
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
  options: {
    sockets: { type: 'string', default: '10000' },
    'heap-snapshot': { type: 'string' },
  },
});
const snapshotDir = values['heap-snapshot'];
if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
const HEAP_DIFF = fileURLToPath(new URL('./heap-diff.mjs', import.meta.url));
const sockets = Number(values.sockets);
const WARM_UP = Math.min(100, sockets);
const PROBE = fileURLToPath(new URL('./lib/memory-probe.mjs', import.meta.url));
const nodeArgs = ['--expose-gc', '--import', PROBE];
const dir = mkdtempSync(join(tmpdir(), 'lv-bench-memory-'));

/** A full GC in the server, then its memoryUsage(). */
async function probe(server, file) {
  rmSync(file, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  // a heap snapshot of a few hundred MB takes a while on a loaded machine
  const waits = snapshotDir ? 6000 : 600;
  for (let i = 0; i < waits && !existsSync(file); i++) await sleep(100);
  if (!existsSync(file)) throw new Error(`no memory probe answer in ${file}`);
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
  writeFileSync(`${file}.compact`, '');
  const after = await probe(server, file);
  await generator.call('disconnect');
  const base = before;
  const per = (key, at = after) => Math.round((at[key] - base[key]) / sockets);
  // committed bytes a socket by V8 space (used in brackets)
  const spaces = Object.fromEntries(
    Object.keys(after.spaces).map((name) => [
      name.replace(/_space$/, ''),
      `${Math.round((after.spaces[name].size - base.spaces[name].size) / sockets)} (${Math.round((after.spaces[name].used - base.spaces[name].used) / sockets)})`,
    ]),
  );
  return {
    rssBeforeMb: Math.round(base.rss / 2 ** 20),
    rssAfterMb: Math.round(after.rss / 2 ** 20),
    bytesPerSocket: per('rss'),
    heapBytesPerSocket: per('heapUsed'),
    heapTotalBytesPerSocket: per('heapTotal'),
    externalBytesPerSocket: per('external'),
    // RSS outside the V8 heap: native buffers, malloc arenas, code
    outsideHeapBytesPerSocket: per('rss') - per('heapTotal'),
    spacesPerSocket: spaces,
    // after a full GC that compacts every page: the heap the live sockets commit, without
    // the holes the connect storm's garbage left (the probe's comment)
    compactedHeapTotalBytesPerSocket: per('heapTotal', after.compacted),
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
      BENCH_HEAP_SNAPSHOT_PREFIX: snapshotDir
        ? join(snapshotDir, 'gateway')
        : '',
    },
  });
  const generator = await forkGenerator();
  const bare = await forkBareServer({
    nodeArgs,
    env: {
      BENCH_MEMORY_FILE: bareFile,
      BENCH_HEAP_SNAPSHOT_PREFIX: snapshotDir ? join(snapshotDir, 'bare') : '',
    },
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
      compactedHeapTotalPerSocketRatio: ratio(
        viaGateway.compactedHeapTotalBytesPerSocket,
        viaBare.compactedHeapTotalBytesPerSocket,
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
if (snapshotDir) {
  log(`memory: heap snapshots in ${snapshotDir}`);
  process.stderr.write(
    execFileSync(
      process.execPath,
      [
        '--max-old-space-size=8192',
        HEAP_DIFF,
        snapshotDir,
        '--sockets',
        String(sockets),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 },
    ),
  );
}
console.log(
  JSON.stringify({
    ...result,
    ...(snapshotDir ? { heapSnapshots: snapshotDir } : {}),
    run: Number(process.env.BENCH_RUN ?? 1),
    at: new Date().toISOString(),
  }),
);
