import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: {
    alias: {
      '@livevote/contracts': fileURLToPath(
        new URL('../../libs/contracts/src/index.ts', import.meta.url),
      ),
      '@livevote/rules': fileURLToPath(
        new URL('../../libs/rules/src/index.ts', import.meta.url),
      ),
      '@livevote/i18n': fileURLToPath(
        new URL('../../libs/i18n/src/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/isolation.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // a worker keeps its module graph from one file to the next: Nest, the gateway and their
    // imports are loaded and transformed once a worker, not once a file (each file still boots
    // its own gateway on its own database and Redis prefix)
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
