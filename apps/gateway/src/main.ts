import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/app-config';
import { DemoSeedService } from './demo/demo-seed.service';
import { createGateway } from './gateway';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createGateway(config);
  const logger = new Logger('Gateway');
  if (config.seedDemo) {
    const demo = await app.get(DemoSeedService).seed();
    printDemo(demo);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: closing connections and stopping`);
    setTimeout(() => process.exit(1), config.shutdownGraceMs).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(`shutdown failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  await app.listen(config.port, config.host);
  logger.log(
    `listening on ${boundAddress(app.getHttpServer().address())}, public URL ${config.publicUrl} (database: ${config.embeddedDatabase ? 'PGlite in ' + config.dataDir : 'PostgreSQL'}, redis: ${config.redis.url ? 'on' : 'off'})`,
  );
}

/** Where this node really listens (the port may have been 0), as http://host:port. */
function boundAddress(address: AddressInfo | string | null): string {
  if (!address) return 'an unknown address';
  if (typeof address === 'string') return address;
  const host =
    address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

function printDemo(demo: Awaited<ReturnType<DemoSeedService['seed']>>): void {
  const lines = [
    '',
    `  Demo ${demo.created ? 'created' : 'ready'}.`,
    `  Console:      ${demo.consoleUrl}`,
    `  Sign in:      username ${demo.signIn.username}   password ${demo.signIn.password}`,
    `  Control room: ${demo.controlRoomUrl}`,
    `  Check-in:     ${demo.deskUrl}`,
    `  Screen:       ${demo.screenUrl}`,
    ...demo.voters
      .slice(0, 2)
      .map(
        (voter) =>
          `  Voter ${voter.unit}:    ${voter.portalUrl}   (${voter.name})`,
      ),
    `  Meeting:      ${demo.meeting.name} (${demo.meeting.shortCode})  ${demo.meeting.apiUrl}`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `gateway failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
