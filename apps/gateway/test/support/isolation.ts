import { afterAll, vi } from 'vitest';

// A worker runs several files in one module graph (vitest.config.mts, `isolate: false`): a spy
// a file left on a shared prototype (Logger.prototype) would otherwise outlive it.
afterAll(() => {
  vi.restoreAllMocks();
});
