import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/app-config';
import { CliError, runCli } from './cli';

runCli(process.argv.slice(2), loadConfig())
  .then((result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  })
  .catch((error: unknown) => {
    const known = error instanceof CliError || error instanceof ConfigError;
    process.stderr.write(
      `${known ? (error as Error).message : `admin failed: ${String((error as Error)?.stack ?? error)}`}\n`,
    );
    process.exit(1);
  });
