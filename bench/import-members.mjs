// Times the member CSV import against a running gateway and prints one JSON line.
//
//   BASE_URL=http://127.0.0.1:3000 SHORTCODE=<meeting> TOKEN=<jwt> node bench/import-members.mjs
//   (or USERNAME and PASSWORD instead of TOKEN; UNITS defaults to 3000, DRY_RUN=true validates only)
//
// Units get a fresh prefix on every run (PREFIX to fix it), so the import inserts rather than updates.
import { performance } from 'node:perf_hooks';

const baseUrl = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(
  /\/$/,
  '',
);
const shortCode = process.env.SHORTCODE;
const units = Number(process.env.UNITS ?? 3000);
const prefix = process.env.PREFIX ?? `b${Date.now().toString(36)}-`;
const dryRun = process.env.DRY_RUN === 'true';

function fail(message) {
  console.error(`import-members: ${message}`);
  process.exit(1);
}

async function accessToken() {
  if (process.env.TOKEN) return process.env.TOKEN;
  const { USERNAME: username, PASSWORD: password } = process.env;
  if (!username || !password) fail('set TOKEN, or USERNAME and PASSWORD');
  const response = await fetch(`${baseUrl}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok)
    fail(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()).access_token;
}

/** One row per voter; about three units in ten have a second voter (1.3 a unit). */
function buildCsv() {
  const lines = [
    'unit,shares,eligible,tags,mailAddress1,mailCity,mailProv,mailPostal,mailCountry,voterName,voterEmail',
  ];
  let voters = 0;
  for (let i = 1; i <= units; i++) {
    const unit = `${prefix}${i}`;
    const member = `${unit},${(1 + (i % 7) / 100).toFixed(2)},${i % 50 === 0 ? 'no' : 'yes'},owner,${i} Harbour St,Toronto,ON,M5J 2N8,CA`;
    lines.push(`${member},Owner ${i},owner.${unit}@example.test`);
    voters += 1;
    if (i % 10 < 3) {
      lines.push(
        `${unit},,,,,,,,,"Co-owner ${i}, Jr.",co.${unit}@example.test`,
      );
      voters += 1;
    }
  }
  return { csv: `${lines.join('\n')}\n`, voters };
}

if (!shortCode) fail('set SHORTCODE (the meeting to import into)');
const token = await accessToken();
const { csv, voters } = buildCsv();
const started = performance.now();
const response = await fetch(
  `${baseUrl}/v1/Meetings/${encodeURIComponent(shortCode)}/members/import?dryRun=${dryRun}`,
  {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  },
);
const text = await response.text();
const ms = Math.round(performance.now() - started);
if (response.status !== 200)
  fail(`import answered ${response.status}: ${text.slice(0, 500)}`);
const counts = JSON.parse(text);
if (counts.members !== units || counts.voters !== voters)
  fail(`expected ${units} members and ${voters} voters, got ${text}`);
console.log(
  JSON.stringify({
    bench: 'import-members',
    units,
    voters,
    bytes: Buffer.byteLength(csv),
    dryRun,
    ms,
  }),
);
