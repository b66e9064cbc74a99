import { resolve } from 'node:path';
import {
  startGatewayProcess as startProcess,
  type GatewayProcess,
} from '../../../../scripts/lib/processes.mjs';

export {
  freePort,
  METRICS_TOKEN,
  type GatewayProcess,
} from '../../../../scripts/lib/processes.mjs';

export const GATEWAY_MAIN = resolve(__dirname, '../../dist/main.js');
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The built gateway (dist/main.js) as its own OS process, like a real node of a deployment. */
export function startGatewayProcess(
  env: Record<string, string>,
): Promise<GatewayProcess> {
  return startProcess({
    main: GATEWAY_MAIN,
    env: {
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
  });
}
