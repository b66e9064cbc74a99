import {
  Module,
  type DynamicModule,
  type INestApplicationContext,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { ACCOUNT_ROLES, AccountRole, TeamRoles } from '@livevote/contracts';
import { z } from 'zod';
import { AccountsService } from '../accounts/accounts.service';
import type { LinkFault } from '../audit/chain';
import { ChainVerificationService } from '../audit/chain-verification.service';
import { domainModules } from '../app.module';
import { ApiException } from '../common/api-exception';
import { SystemClock } from '../common/clock';
import type { AppConfig } from '../config/app-config';
import { openDatabase, type Database } from '../database/database';
import { PgliteLockedError } from '../database/pglite-lock';
import { DemoSeedService } from '../demo/demo-seed.service';
import { UsersService } from '../identity/users.service';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { PartnerClientsService } from '../partner/partner-clients.service';

export class CliError extends Error {}

const FAULT_WORDS: Record<LinkFault, string> = {
  position: 'the entries before it are missing or out of order',
  missing: 'its row was deleted',
  content: 'its row no longer reads as it did when sealed',
  hash: 'its link hash does not follow from the one before',
};

type Flags = Record<string, string | boolean | string[] | undefined>;
type Command = (
  app: INestApplicationContext,
  flags: Flags,
  config: AppConfig,
) => Promise<object>;

const OPTIONS = {
  name: { type: 'string' },
  short: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  mfa: { type: 'boolean' },
  account: { type: 'string' },
  json: { type: 'boolean' },
  'redirect-uri': { type: 'string', multiple: true },
  role: { type: 'string', multiple: true },
  meeting: { type: 'string' },
  'allow-postgres': { type: 'boolean' },
} as const;

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new CliError(`--${name} is required`);
  return value.trim();
}

const COMMANDS: Record<string, Command> = {
  'account:create': (app, flags) =>
    app.get(AccountsService).create({
      name: required(flags, 'name'),
      nameShort: flags.short as string | undefined,
    }),
  'user:create': (app, flags) =>
    app.get(UsersService).create({
      email: required(flags, 'email'),
      password: required(flags, 'password'),
      name: flags.name as string | undefined,
      mfa: flags.mfa === true,
    }),
  'user:reset-mfa': async (app, flags) => {
    await app.get(UsersService).resetMfa(required(flags, 'email'));
    return { ok: true };
  },
  'account:add-user': async (app, flags) => {
    await app
      .get(AccountsService)
      .adminSetMembership(
        required(flags, 'account'),
        required(flags, 'email'),
        true,
      );
    return { ok: true };
  },
  'account:remove-user': async (app, flags) => {
    await app
      .get(AccountsService)
      .adminSetMembership(
        required(flags, 'account'),
        required(flags, 'email'),
        false,
      );
    return { ok: true };
  },
  'account:set-roles': async (app, flags) => {
    const roles = (flags.role as string[] | undefined) ?? [];
    if (!z.array(AccountRole).safeParse(roles).success)
      throw new CliError(`--role must be one of: ${ACCOUNT_ROLES.join(', ')}`);
    const parsed = TeamRoles.safeParse(roles);
    if (!parsed.success)
      throw new CliError(
        `--role: ${parsed.error.issues[0]?.message ?? 'invalid roles'}`,
      );
    return {
      roles: await app
        .get(AccountsService)
        .adminSetRoles(
          required(flags, 'account'),
          required(flags, 'email'),
          parsed.data,
        ),
    };
  },
  'partner:register': (app, flags) =>
    app.get(PartnerClientsService).register({
      name: required(flags, 'name'),
      redirectUris: (flags['redirect-uri'] as string[] | undefined) ?? [],
    }),
  'audit:verify': async (app, flags) => {
    const shortCode = required(flags, 'meeting');
    const meeting = await app.get(MeetingAccessService).byShortCode(shortCode);
    if (!meeting) throw new CliError(`no meeting ${shortCode}`);
    const report = await app.get(ChainVerificationService).verify(meeting.id);
    if (report.bad)
      throw new CliError(
        `chain of ${shortCode} broken at entry ${report.bad.position} (${report.bad.source} ${report.bad.sourceId}): ${FAULT_WORDS[report.bad.fault]}`,
      );
    if (report.badResultHead)
      throw new CliError(
        `chain of ${shortCode} rewritten: matter ${report.badResultHead.matterKey} closed at entry ${report.badResultHead.position}, which no longer has the hash its result recorded`,
      );
    return { meeting: shortCode, ...report };
  },
  // The demo chair's password is published: on a real database only when asked for by name.
  'demo:seed': async (app, flags, config) => {
    if (!config.embeddedDatabase && !flags['allow-postgres'])
      throw new CliError(
        'demo:seed creates a chair whose password is published; on PostgreSQL pass --allow-postgres to create it anyway',
      );
    return app.get(DemoSeedService).seed();
  },
};

export const CLI_COMMANDS = Object.keys(COMMANDS);

/** Runs one admin command against the configured database; returns the JSON it prints. */
export async function runCli(
  argv: string[],
  config: AppConfig,
): Promise<object> {
  const [command, ...rest] = argv;
  const run = command ? COMMANDS[command] : undefined;
  if (!run)
    throw new CliError(
      `unknown command ${command ?? '(none)'}; commands: ${CLI_COMMANDS.join(', ')}`,
    );
  let flags: Flags;
  try {
    flags = parseArgs({
      args: rest,
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }).values as Flags;
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  let database: Database;
  try {
    database = await openDatabase({
      url: config.database.url,
      dataDir: config.dataDir,
      poolSize: 2,
      batchConnections: 1,
      holder: 'admin CLI',
    });
  } catch (error) {
    if (error instanceof PgliteLockedError) throw new CliError(error.message);
    throw error;
  }
  @Module({})
  class CliModule {
    static register(): DynamicModule {
      return {
        module: CliModule,
        imports: domainModules({ config, database, clock: new SystemClock() }),
      };
    }
  }
  const app = await NestFactory.createApplicationContext(CliModule.register(), {
    logger: ['error'],
    abortOnError: false,
  });
  try {
    return await run(app, flags, config);
  } catch (error) {
    if (error instanceof ApiException)
      throw new CliError(`${error.code}: ${error.message}`);
    throw error;
  } finally {
    await app.close();
  }
}
