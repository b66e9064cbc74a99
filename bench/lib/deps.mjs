// Packages resolved from the gateway's workspace, so the bench uses the very versions the gateway runs.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const GATEWAY_DIR = fileURLToPath(
  new URL('../../apps/gateway/', import.meta.url),
);

/** require() as seen from apps/gateway; loaded on demand so a bare process stays bare. */
export const need = createRequire(`${GATEWAY_DIR}package.json`);
