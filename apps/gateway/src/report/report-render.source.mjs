// The report worker's entry when the gateway runs from its TypeScript source (the tests):
// a worker thread is plain Node, so tsx compiles the worker and the libraries it imports,
// which tsconfig.source.json maps to their sources as the test set-up does. tsx reads the
// path of that tsconfig from this thread's own copy of the environment.
import { fileURLToPath } from 'node:url';

process.env.TSX_TSCONFIG_PATH = fileURLToPath(
  new URL('../../tsconfig.source.json', import.meta.url),
);
const { tsImport } = await import('tsx/esm/api');
const worker = await tsImport('./report-render.worker.ts', import.meta.url);

export default worker.default.default ?? worker.default;
