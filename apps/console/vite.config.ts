import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `npm run dev -w @livevote/console` serves the console here and sends the API to the gateway. */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
  server: {
    proxy: {
      '/v1': gateway,
      '/auth': gateway,
      '/portal': gateway,
      '/papi': gateway,
      '/socket.io': { target: gateway, ws: true },
      '/files': gateway,
      '/login': gateway,
      '/docs': gateway,
      '/healthz': gateway,
    },
  },
  build: {
    outDir: 'dist',
  },
});
