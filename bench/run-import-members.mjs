// Runs import-members.mjs (a client for a gateway that is already running) against a gateway
// of its own on a fresh database, and prints its JSON line with the run number added.
//
//   node bench/run-import-members.mjs [--units 3000]
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { withServices } from './lib/env.mjs';
import { managerToken, seedMeeting } from './lib/fixtures.mjs';
import { startGateway } from './lib/gateway.mjs';

const { values } = parseArgs({
  options: { units: { type: 'string', default: '3000' } },
});
const IMPORT = fileURLToPath(new URL('./import-members.mjs', import.meta.url));

const line = await withServices(async ({ database, redis }) => {
  const gateway = await startGateway({ databaseUrl: database.url, redis });
  try {
    const seed = await seedMeeting(database.url, { voters: 0, matters: 0 });
    return await new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        [IMPORT],
        {
          env: {
            ...process.env,
            BASE_URL: gateway.baseUrl,
            SHORTCODE: seed.shortCode,
            TOKEN: managerToken(seed.userId),
            UNITS: values.units,
          },
        },
        (error, stdout, stderr) =>
          error
            ? reject(
                new Error(`import-members failed: ${stderr || error.message}`),
              )
            : resolve(stdout.trim()),
      ),
    );
  } finally {
    await gateway.stop();
  }
});
console.log(
  JSON.stringify({
    ...JSON.parse(line),
    run: Number(process.env.BENCH_RUN ?? 1),
    at: new Date().toISOString(),
  }),
);
