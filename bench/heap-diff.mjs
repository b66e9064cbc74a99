// Where a connected socket's heap goes: compares V8 heap snapshots taken before and after N
// sockets connected (bench/memory.mjs --heap-snapshot DIR writes them), per socket, for the
// gateway and for bare socket.io side by side.
//
//   node bench/heap-diff.mjs DIR --sockets N [--top 30]
//
// DIR holds gateway-1/-2.heapsnapshot and bare-1/-2.heapsnapshot (before/after). Prints:
// 1. objects and bytes per socket by constructor (after − before) / N, gateway against bare,
//    largest difference first: what each socket costs beyond bare socket.io;
// 2. for one kind of object per socket (socket.io's Socket, its Client, engine.io's Socket,
//    the ws WebSocket, the TCP socket), the average retained size and what it retains, by
//    the edge it retains it through (the dominator tree, as DevTools computes it).
// --json prints the same as one JSON object. --retainers KEY (a row's constructor, e.g.
// '(string)' or 'system / Context') lists instead, per socket, who holds the objects of that
// row in the gateway's and the bare server's "after": the retainer's constructor and edge,
// and for strings and closures the value or name.
//
// The snapshot is parsed from its bytes (the node and edge arrays as integers, only the
// strings through JSON.parse), so a snapshot of 10,000 sockets fits in memory.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sockets: { type: 'string' },
    top: { type: 'string', default: '30' },
    json: { type: 'boolean', default: false },
    retainers: { type: 'string' },
  },
});
if (!positionals[0] || !values.sockets) {
  console.error('usage: node bench/heap-diff.mjs DIR --sockets N [--top 30]');
  process.exit(1);
}
const dir = positionals[0];
const sockets = Number(values.sockets);
const top = Number(values.top);

/** Parses the unsigned integers of a JSON array starting at buffer[start] ('['). */
function readIntArray(buffer, start, count) {
  const out = new Uint32Array(count);
  let i = start + 1;
  let n = 0;
  let value = 0;
  let inNumber = false;
  for (; i < buffer.length; i++) {
    const c = buffer[i];
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      inNumber = true;
    } else {
      if (inNumber) {
        out[n++] = value;
        value = 0;
        inNumber = false;
      }
      if (c === 93) break; // ]
    }
  }
  if (n !== count) throw new Error(`expected ${count} integers, read ${n}`);
  return out;
}

/** A .heapsnapshot as typed arrays, with retained sizes from the dominator tree. */
function load(file) {
  const buffer = readFileSync(file);
  const nodesAt = buffer.indexOf('"nodes":[');
  const edgesAt = buffer.indexOf('"edges":[', nodesAt);
  const stringsAt = buffer.lastIndexOf('"strings":[');
  const head = buffer.toString('utf8', 0, nodesAt).replace(/,\s*$/, '') + '}';
  const { snapshot } = JSON.parse(head);
  const meta = snapshot.meta;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const nodes = readIntArray(
    buffer,
    nodesAt + 8,
    snapshot.node_count * nodeFields,
  );
  const edges = readIntArray(
    buffer,
    edgesAt + 8,
    snapshot.edge_count * edgeFields,
  );
  const tail = buffer.toString('utf8', stringsAt + 10).replace(/\}\s*$/, '');
  const strings = JSON.parse(tail);
  return analyse({ meta, nodes, edges, strings });
}

function analyse({ meta, nodes, edges, strings }) {
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const nType = meta.node_fields.indexOf('type');
  const nName = meta.node_fields.indexOf('name');
  const nSelf = meta.node_fields.indexOf('self_size');
  const nEdges = meta.node_fields.indexOf('edge_count');
  const eType = meta.edge_fields.indexOf('type');
  const eName = meta.edge_fields.indexOf('name_or_index');
  const eTo = meta.edge_fields.indexOf('to_node');
  const nodeTypes = meta.node_types[nType];
  const edgeTypes = meta.edge_types[eType];
  const weak = edgeTypes.indexOf('weak');
  const shortcut = edgeTypes.indexOf('shortcut');
  const element = edgeTypes.indexOf('element');
  const hidden = edgeTypes.indexOf('hidden');
  const count = nodes.length / nodeFields;

  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0, e = 0; n < count; n++) {
    firstEdge[n] = e;
    e += nodes[n * nodeFields + nEdges] * edgeFields;
  }
  firstEdge[count] = edges.length;
  const target = (e) => edges[e + eTo] / nodeFields;
  const skip = (e) =>
    edges[e + eType] === weak || edges[e + eType] === shortcut;

  // depth-first postorder from the root (node 0) over strong edges
  const postOrder = new Uint32Array(count);
  const postIndex = new Int32Array(count).fill(-1);
  const visited = new Uint8Array(count);
  const stackNode = new Uint32Array(count);
  const stackEdge = new Uint32Array(count);
  let depth = 0;
  let post = 0;
  stackNode[0] = 0;
  stackEdge[0] = firstEdge[0];
  visited[0] = 1;
  while (depth >= 0) {
    const n = stackNode[depth];
    const e = stackEdge[depth];
    if (e < firstEdge[n + 1]) {
      stackEdge[depth] = e + edgeFields;
      if (skip(e)) continue;
      const to = target(e);
      if (visited[to]) continue;
      visited[to] = 1;
      depth += 1;
      stackNode[depth] = to;
      stackEdge[depth] = firstEdge[to];
    } else {
      postIndex[n] = post;
      postOrder[post++] = n;
      depth -= 1;
    }
  }

  // retainers (reverse strong edges) of reachable nodes
  const retainerCount = new Uint32Array(count + 1);
  for (let n = 0; n < count; n++) {
    if (!visited[n]) continue;
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += edgeFields)
      if (!skip(e)) retainerCount[target(e)] += 1;
  }
  const firstRetainer = new Uint32Array(count + 1);
  for (let n = 0; n < count; n++)
    firstRetainer[n + 1] = firstRetainer[n] + retainerCount[n];
  const retainers = new Uint32Array(firstRetainer[count]);
  const fill = firstRetainer.slice(0, count);
  for (let n = 0; n < count; n++) {
    if (!visited[n]) continue;
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += edgeFields)
      if (!skip(e)) retainers[fill[target(e)]++] = n;
  }

  // dominators by postorder index (Cooper, Harvey and Kennedy, as DevTools does)
  const none = -1;
  const dom = new Int32Array(post).fill(none);
  const root = post - 1;
  dom[root] = root;
  let changed = true;
  while (changed) {
    changed = false;
    for (let p = root - 1; p >= 0; p--) {
      const n = postOrder[p];
      let idom = none;
      for (let r = firstRetainer[n]; r < firstRetainer[n + 1]; r++) {
        let q = postIndex[retainers[r]];
        if (q < 0 || dom[q] === none) continue;
        if (idom === none) {
          idom = q;
          continue;
        }
        let a = q;
        let b = idom;
        while (a !== b) {
          while (a < b) a = dom[a];
          while (b < a) b = dom[b];
        }
        idom = a;
      }
      if (idom !== none && dom[p] !== idom) {
        dom[p] = idom;
        changed = true;
      }
    }
  }
  const dominator = new Int32Array(count).fill(-1);
  const retained = new Float64Array(count);
  for (let p = 0; p < post; p++) {
    const n = postOrder[p];
    dominator[n] = postOrder[dom[p]];
    retained[n] += nodes[n * nodeFields + nSelf];
  }
  for (let p = 0; p < root; p++) {
    const n = postOrder[p];
    retained[dominator[n]] += retained[n];
  }

  const type = (n) => nodeTypes[nodes[n * nodeFields + nType]];
  const name = (n) => strings[nodes[n * nodeFields + nName]];
  /** The grouping of DevTools' summary, with closures and arrays by name. */
  const key = (n) => {
    const t = type(n);
    if (t === 'object' || t === 'native') return name(n);
    if (t.includes('string')) return '(string)';
    if (t === 'closure') return `(closure) ${name(n) || '(anonymous)'}`;
    if (t === 'array' || t === 'hidden' || t === 'object shape')
      return `(${t}) ${name(n).slice(0, 40)}`;
    if (t === 'code') return '(compiled code)';
    return `(${t})`;
  };
  const edgeName = (e) => {
    const t = edges[e + eType];
    if (t === element || t === hidden) return '[]';
    return String(strings[edges[e + eName]]);
  };
  const retainersOf = function* (n) {
    for (let r = firstRetainer[n]; r < firstRetainer[n + 1]; r++) {
      const from = retainers[r];
      for (let e = firstEdge[from]; e < firstEdge[from + 1]; e += edgeFields)
        if (!skip(e) && target(e) === n) yield { name: edgeName(e), from };
    }
  };
  const edgesOf = function* (n) {
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += edgeFields)
      if (!skip(e)) yield { name: edgeName(e), to: target(e) };
  };
  return {
    count,
    reachable: (n) => visited[n] === 1,
    self: (n) => nodes[n * nodeFields + nSelf],
    retained: (n) => retained[n],
    dominator: (n) => dominator[n],
    key,
    name,
    type,
    edgesOf,
    retainersOf,
  };
}

/** What the value of a string or the name of a function looks like, ids and digits masked. */
function shape(heap, n) {
  const t = heap.type(n);
  if (!t.includes('string') && t !== 'closure' && t !== 'code') return '';
  return String(heap.name(n))
    .slice(0, 60)
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<uuid>')
    .replace(/[A-Za-z0-9_-]{20,}/g, '<id>')
    .replace(/[0-9]+/g, '#');
}

/** Per socket: objects of one key by (retainer, edge, shape), after − before. */
function holders(before, after, wanted) {
  const tally = (heap, sign, out) => {
    for (let n = 0; n < heap.count; n++) {
      if (!heap.reachable(n) || heap.key(n) !== wanted) continue;
      const first = heap.retainersOf(n).next().value;
      const via = first ? `${heap.key(first.from)} .${first.name}` : '(none)';
      const k = `${via} → ${shape(heap, n)}`;
      const entry = out.get(k) ?? { count: 0, bytes: 0 };
      entry.count += sign;
      entry.bytes += sign * heap.self(n);
      out.set(k, entry);
    }
    return out;
  };
  const out = tally(after, 1, tally(before, -1, new Map()));
  return [...out]
    .map(([k, v]) => ({
      k,
      count: v.count / sockets,
      bytes: v.bytes / sockets,
    }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top);
}

if (values.retainers) {
  for (const server of ['gateway', 'bare']) {
    const before = load(join(dir, `${server}-1.heapsnapshot`));
    const after = load(join(dir, `${server}-2.heapsnapshot`));
    console.log(
      `\n${server}: ${values.retainers} per socket, by first retainer`,
    );
    for (const row of holders(before, after, values.retainers))
      console.log(
        `${row.count.toFixed(2).padStart(7)} ${Math.round(row.bytes).toString().padStart(6)} B  ${row.k}`,
      );
  }
  process.exit(0);
}

/** { key: { count, bytes } } over the reachable nodes. */
function summary(heap) {
  const out = new Map();
  for (let n = 0; n < heap.count; n++) {
    if (!heap.reachable(n)) continue;
    const k = heap.key(n);
    const entry = out.get(k) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += heap.self(n);
    out.set(k, entry);
  }
  return out;
}

/** Per socket: (after − before) / N for each key. */
function growth(before, after) {
  const out = new Map();
  for (const k of new Set([...before.keys(), ...after.keys()])) {
    const a = after.get(k) ?? { count: 0, bytes: 0 };
    const b = before.get(k) ?? { count: 0, bytes: 0 };
    out.set(k, {
      count: (a.count - b.count) / sockets,
      bytes: (a.bytes - b.bytes) / sockets,
    });
  }
  return out;
}

/** Objects of one kind per socket, recognised by their constructor and their properties. */
const ANCHORS = [
  { label: 'socket.io Socket', name: 'Socket', has: ['nsp', 'client'] },
  { label: 'socket.io Client', name: 'Client', has: ['conn', 'sockets'] },
  { label: 'engine.io Socket', name: 'Socket', has: ['transport', 'server'] },
  { label: 'ws WebSocket', name: 'WebSocket', has: ['_receiver'] },
  { label: 'net Socket', name: 'Socket', has: ['_handle', '_readableState'] },
];

/**
 * For each anchor kind: how many there are, their average retained size, and what they
 * retain by the edge it hangs from (objects the anchor dominates and references directly).
 */
function anchors(heap) {
  const out = [];
  const found = new Map(ANCHORS.map((anchor) => [anchor, []]));
  for (let n = 0; n < heap.count; n++) {
    if (!heap.reachable(n) || heap.type(n) !== 'object') continue;
    const name = heap.name(n);
    for (const anchor of ANCHORS) {
      if (name !== anchor.name) continue;
      const props = new Set([...heap.edgesOf(n)].map((edge) => edge.name));
      if (anchor.has.every((p) => props.has(p))) {
        found.get(anchor).push(n);
        break;
      }
    }
  }
  for (const anchor of ANCHORS) {
    const list = found.get(anchor);
    const byEdge = new Map();
    let total = 0;
    for (const n of list) {
      total += heap.retained(n);
      const seen = new Set();
      for (const edge of heap.edgesOf(n)) {
        if (heap.dominator(edge.to) !== n || seen.has(edge.to)) continue;
        seen.add(edge.to);
        const k = `${edge.name}: ${heap.key(edge.to)}`;
        byEdge.set(k, (byEdge.get(k) ?? 0) + heap.retained(edge.to));
      }
    }
    out.push({
      label: anchor.label,
      count: list.length,
      retained: list.length ? total / list.length : 0,
      byEdge: [...byEdge]
        .map(([edge, bytes]) => ({ edge, bytes: bytes / (list.length || 1) }))
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 12),
    });
  }
  return out;
}

function measure(server) {
  const before = load(join(dir, `${server}-1.heapsnapshot`));
  const beforeSummary = summary(before);
  const after = load(join(dir, `${server}-2.heapsnapshot`));
  return {
    growth: growth(beforeSummary, summary(after)),
    anchors: anchors(after),
  };
}

const gateway = measure('gateway');
const bare = measure('bare');
const zero = { count: 0, bytes: 0 };
const rows = [...new Set([...gateway.growth.keys(), ...bare.growth.keys()])]
  .map((k) => {
    const g = gateway.growth.get(k) ?? zero;
    const b = bare.growth.get(k) ?? zero;
    return {
      key: k,
      gatewayCount: g.count,
      gatewayBytes: g.bytes,
      bareCount: b.count,
      bareBytes: b.bytes,
      extraBytes: g.bytes - b.bytes,
    };
  })
  .sort((a, b) => Math.abs(b.extraBytes) - Math.abs(a.extraBytes));
const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
const totals = {
  gatewayBytes: sum('gatewayBytes'),
  bareBytes: sum('bareBytes'),
  extraBytes: sum('extraBytes'),
};

if (values.json) {
  console.log(
    JSON.stringify({
      sockets,
      totals,
      rows: rows.slice(0, top),
      gateway: gateway.anchors,
      bare: bare.anchors,
    }),
  );
} else {
  const f1 = (x) => x.toFixed(1);
  const f0 = (x) => Math.round(x).toLocaleString('en-US');
  console.log(
    `Heap per socket, (after − before) / ${sockets}: gateway ${f0(totals.gatewayBytes)} B, bare ${f0(totals.bareBytes)} B, beyond bare ${f0(totals.extraBytes)} B\n`,
  );
  console.log(
    '| constructor | gateway objects | gateway bytes | bare objects | bare bytes | beyond bare |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows.slice(0, top))
    console.log(
      `| ${row.key.replaceAll('|', '\\|')} | ${f1(row.gatewayCount)} | ${f0(row.gatewayBytes)} | ${f1(row.bareCount)} | ${f0(row.bareBytes)} | ${f0(row.extraBytes)} |`,
    );
  for (const [label, server] of [
    ['gateway', gateway],
    ['bare', bare],
  ]) {
    console.log(`\nRetained per object, ${label} (after):`);
    for (const anchor of server.anchors) {
      console.log(
        `- ${anchor.label}: ${anchor.count} objects, ${f0(anchor.retained)} B retained each`,
      );
      for (const edge of anchor.byEdge)
        console.log(`    ${f0(edge.bytes).padStart(7)} B  ${edge.edge}`);
    }
  }
}
