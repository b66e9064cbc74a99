// Summarises a V8 .cpuprofile (from node --cpu-prof): self time by function and by package.
//
//   node bench/profile-summary.mjs <file.cpuprofile> [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    // a window in seconds since the profile started, e.g. the busy part of a run
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
  },
});
if (!positionals[0]) {
  console.error(
    'usage: node bench/profile-summary.mjs <file.cpuprofile> [--top 25]',
  );
  process.exit(1);
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const fromUs = Number(values.from) * 1e6;
const toUs = Number(values.to) * 1e6;
const idleId = profile.nodes.find(
  (node) => node.callFrame.functionName === '(idle)',
)?.id;
// sample times since the start; samples outside the window weigh nothing
const deltas = [];
const busyPerSecond = [];
let clock = 0;
profile.timeDeltas.forEach((delta, i) => {
  clock += delta;
  const inside = clock >= fromUs && clock < toUs;
  deltas.push(inside ? delta : 0);
  const second = Math.floor(clock / 1e6);
  busyPerSecond[second] ??= 0;
  if (profile.samples[i] !== idleId) busyPerSecond[second] += delta;
});
const selfUs = new Map();
profile.samples.forEach((id, i) =>
  selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0)),
);
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** Where a frame comes from: a package name, the gateway's own source, node internals, or V8. */
function origin(url) {
  if (!url) return '(v8/native)';
  if (url.startsWith('node:')) return 'node:internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const dist = url.indexOf('/dist/');
  return dist >= 0 ? `gateway:${url.slice(dist + 6)}` : url;
}

const byFunction = new Map();
const byOrigin = new Map();
for (const [id, us] of selfUs) {
  const { callFrame } = nodes.get(id);
  const name = callFrame.functionName || '(anonymous)';
  const key = `${name} ${origin(callFrame.url)}:${callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const from = callFrame.url ? origin(callFrame.url) : name;
  byOrigin.set(from, (byOrigin.get(from) ?? 0) + us);
}
// inclusive ("total") time: every function on the sampled stack, counted once per sample
const parent = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map();
profile.samples.forEach((id, i) => {
  const keys = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const { callFrame } = nodes.get(at);
    if (!callFrame.url) continue;
    keys.add(
      `${callFrame.functionName || '(anonymous)'} ${origin(callFrame.url)}:${callFrame.lineNumber + 1}`,
    );
  }
  for (const key of keys)
    inclusive.set(key, (inclusive.get(key) ?? 0) + (deltas[i] ?? 0));
});
const ownCode = new Map(
  [...inclusive].filter(([key]) => key.includes(' gateway:')),
);

const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(values.top))
    .map(([key, us]) => ({
      key,
      ms: Math.round(us / 1000),
      pct: Math.round((us / totalUs) * 1000) / 10,
    }));
console.log(
  JSON.stringify(
    {
      file: positionals[0],
      sampledMs: Math.round(totalUs / 1000),
      busyPctPerSecond: Array.from(busyPerSecond, (us) =>
        Math.round((us ?? 0) / 1e4),
      ),
      byOrigin: top(byOrigin),
      byFunction: top(byFunction),
      gatewayInclusive: top(ownCode),
    },
    null,
    1,
  ),
);
