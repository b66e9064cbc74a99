// Preloaded (node --expose-gc --import) into a server process by the memory harness: on
// SIGUSR2 it collects garbage and writes process.memoryUsage() to BENCH_MEMORY_FILE, so RSS
// is compared without whatever garbage each server happened to be carrying.
// BENCH_HEAP_SNAPSHOT_DIR=<dir> writes a heap snapshot there too, to see what a socket holds.
import { writeFileSync } from 'node:fs';
import { writeHeapSnapshot } from 'node:v8';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const dir = process.env.BENCH_HEAP_SNAPSHOT_DIR;
  if (dir)
    writeHeapSnapshot(`${dir}/${process.pid}-${Date.now()}.heapsnapshot`);
  writeFileSync(
    process.env.BENCH_MEMORY_FILE,
    JSON.stringify(process.memoryUsage()),
  );
});
