// Preloaded (node --expose-gc --import) into a server process by the memory harness: on
// SIGUSR2 it collects garbage and writes process.memoryUsage() to BENCH_MEMORY_FILE, so RSS
// is compared without whatever garbage each server happened to be carrying. When the file
// <BENCH_MEMORY_FILE>.compact exists it then collects again, compacting every page, and
// reports that heap too (`compacted`): what the live objects need once the pages that a
// connect storm's garbage left part-empty are moved together (a plain full GC leaves them
// committed; V8 compacts by its own heuristics). Its RSS is not reported: the freed pages
// go back to the system later, in the background.
// BENCH_HEAP_SNAPSHOT_PREFIX=<dir>/<name> also writes a heap snapshot, <name>-1.heapsnapshot
// at the first signal, <name>-2 at the second, ... (bench/heap-diff.mjs reads them). The
// figures are taken before the snapshot, whose own buffers would count otherwise; the memory
// file is written after it, so the harness reads it once the snapshot is complete.
import { existsSync, writeFileSync } from 'node:fs';
import {
  getHeapSpaceStatistics,
  setFlagsFromString,
  writeHeapSnapshot,
} from 'node:v8';

/** memoryUsage() with the committed and used bytes of each V8 space. */
function usage() {
  return {
    ...process.memoryUsage(),
    spaces: Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [
        space.space_name,
        { size: space.space_size, used: space.space_used_size },
      ]),
    ),
  };
}

let snapshots = 0;
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const regular = usage();
  let compacted;
  if (existsSync(`${process.env.BENCH_MEMORY_FILE}.compact`)) {
    setFlagsFromString('--compact-on-every-full-gc');
    globalThis.gc?.();
    setFlagsFromString('--no-compact-on-every-full-gc');
    compacted = usage();
  }
  const prefix = process.env.BENCH_HEAP_SNAPSHOT_PREFIX;
  if (prefix) writeHeapSnapshot(`${prefix}-${++snapshots}.heapsnapshot`);
  writeFileSync(
    process.env.BENCH_MEMORY_FILE,
    JSON.stringify({ ...regular, compacted }),
  );
});
