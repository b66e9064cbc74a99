import { loadConfig, ConfigError } from '../config/app-config';
import { openDatabase } from '../database/database';

/** `npm run migrate`: applies the SQL migrations and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.database.url,
    dataDir: config.dataDir,
    poolSize: 1,
    holder: 'migrate command',
  });
  await database.close();
  process.stdout.write(`migrations applied (${database.kind})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
