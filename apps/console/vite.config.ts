import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@livevote/contracts': fileURLToPath(
        new URL('../../libs/contracts/src/index.ts', import.meta.url),
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
      '/healthz': gateway,
    },
  },
  build: {
    outDir: 'dist',
  },
});
