import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { Logger, type INestApplication } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { ConfigError, loadConfig } from './config/app-config';
import { DemoSeedService } from './demo/demo-seed.service';
import { createGateway } from './gateway';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createGateway(config);
  const logger = new Logger('Gateway');
  const demo = config.seedDemo
    ? await app.get(DemoSeedService).seed()
    : undefined;
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
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    await app.close().catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new StartError(
        `Port ${config.port} on ${config.host} is already in use: stop the other process or set PORT to a free port.`,
      );
    throw error;
  }
  logger.log(
    `listening on ${boundAddress(app.getHttpServer().address())}, public URL ${config.publicUrl} (database: ${config.embeddedDatabase ? 'PGlite in ' + config.dataDir : 'PostgreSQL'}, redis: ${config.redis.url ? 'on' : 'off'})`,
  );
  // only once the port is ours: a clash must not print links that lead to another process
  if (demo) writeAfterLogs(app, demoBanner(demo));
}

/**
 * Writes after the log lines so far: Nest's buffered start-up lines are flushed, then the text
 * goes into pino's own stream (written asynchronously), so it comes out after them.
 */
function writeAfterLogs(app: INestApplication, text: string): void {
  app.flushLogs();
  const streams = PinoLogger.root as unknown as Record<
    symbol,
    { write(chunk: string): unknown }
  >;
  streams[pino.symbols.streamSym].write(text);
}

/** A start-up failure the operator can fix: one line, no stack. */
class StartError extends Error {}

/** Where this node really listens (the port may have been 0), as http://host:port. */
function boundAddress(address: AddressInfo | string | null): string {
  if (!address) return 'an unknown address';
  if (typeof address === 'string') return address;
  const host =
    address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** The demo's French-speaking owner (docs/i18n.md). */
const FRENCH_UNIT = '106';

/** Two owners, and the French-speaking one. */
function demoVoters(demo: Awaited<ReturnType<DemoSeedService['seed']>>) {
  const french = demo.voters.find((voter) => voter.unit === FRENCH_UNIT);
  return [...demo.voters.slice(0, 2), ...(french ? [french] : [])];
}

function demoBanner(
  demo: Awaited<ReturnType<DemoSeedService['seed']>>,
): string {
  const lines = [
    '',
    `  Demo ${demo.created ? 'created' : 'ready'}.`,
    `  Console:      ${demo.consoleUrl}`,
    `  Sign in:      username ${demo.signIn.username}   password ${demo.signIn.password}`,
    `  2nd manager:  username ${demo.secondManager.username}   password ${demo.secondManager.password}   (floor double entry)`,
    `  Clerk:        username ${demo.clerk.username}   password ${demo.clerk.password}   (check-in desk and floor only)`,
    `  Control room: ${demo.controlRoomUrl}`,
    `  Check-in:     ${demo.deskUrl}`,
    `  Screen:       ${demo.screenUrl}`,
    ...demoVoters(demo).map(
      (voter) =>
        `  Voter ${voter.unit}:    ${voter.portalUrl}   (${voter.name}${voter.unit === FRENCH_UNIT ? ', in French' : ''})`,
    ),
    ...demo.holders.map(
      (holder) => `  Holder:       ${holder.holderUrl}   (${holder.name})`,
    ),
    `  Meeting:      ${demo.meeting.name} (${demo.meeting.shortCode})  ${demo.meeting.apiUrl}`,
    '',
  ];
  return lines.join('\n') + '\n';
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `gateway failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
