import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { E2E_ENV, type E2eContext } from './support/context';
import { consoleDir, root, startE2eGateway } from './support/e2e-gateway';

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

/**
 * Builds the console and the gateway, starts the real gateway (PostgreSQL on a fresh
 * database, Redis under a fresh prefix, the demo seeded) and hands its address and the demo
 * links to the tests. The returned function stops it and removes the database and keys.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) {
    run(
      process.execPath,
      [
        join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'warn',
      ],
      consoleDir,
    );
    run(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/gateway'],
      root,
    );
  }

  const gateway = await startE2eGateway({ name: 'gateway' });
  try {
    // a scrutineer of the demo account, made the way an administrator would
    const scrutineer = {
      username: 'scrutineer@demo.livevote.test',
      password: `e2e-${randomBytes(5).toString('hex')}-scrutineer`,
    };
    gateway.admin(
      'user:create',
      '--email',
      scrutineer.username,
      '--password',
      scrutineer.password,
      '--name',
      'Sam Scrutineer',
    );
    for (const command of ['account:add-user', 'account:set-roles'])
      gateway.admin(
        command,
        '--account',
        gateway.demo.accountKey,
        '--email',
        scrutineer.username,
        ...(command === 'account:set-roles' ? ['--role', 'scrutineer'] : []),
      );
    const context: E2eContext = {
      baseUrl: gateway.baseUrl,
      demo: gateway.demo,
      scrutineer,
      outboxDir: gateway.outboxDir,
    };
    process.env[E2E_ENV] = JSON.stringify(context);
  } catch (error) {
    await gateway.stop();
    throw error;
  }
  return gateway.stop;
}
