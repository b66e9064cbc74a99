import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, rowsOf } from '../src/database/database';
import { createAccount, createUser } from './support/factories';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** The statement of migration 0025 that makes each account's first user its owner. */
const backfill = readFileSync(
  join(__dirname, '../drizzle/0025_meeting_team.sql'),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
  .find((statement) => statement.startsWith('UPDATE "account_users"'))!;

describe('Migration 0025: the first owners', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  const db = () => gateway.app.get(Database).db;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
  });

  async function rolesByUser(accountKey: string) {
    const result = await db().execute(
      sql`select user_id, roles from account_users where account_id = ${accountKey}`,
    );
    return new Map(
      rowsOf<{ user_id: string; roles: string[] }>(result).map((row) => [
        row.user_id,
        row.roles,
      ]),
    );
  }

  it('makes the earliest user of each account without an owner its owner, and no one else', async () => {
    const [first, second, third] = [
      await createUser(gateway),
      await createUser(gateway),
      await createUser(gateway),
    ];
    const before = await createAccount(gateway, [first, second]);
    const kept = await createAccount(gateway, [first, third]);
    // as before the migration: no roles, the first user joined first, one a scrutineer
    await db().execute(
      sql`update account_users set roles = '[]'::jsonb where account_id = ${before.key}`,
    );
    await db().execute(
      sql`update account_users set roles = '["scrutineer"]'::jsonb, created_at = created_at + interval '1 day' where account_id = ${before.key} and user_id = ${first.id}`,
    );
    // an account that already has an owner (the third user) keeps it alone
    await db().execute(
      sql`update account_users set roles = case when user_id = ${third.id} then '["owner"]'::jsonb else '[]'::jsonb end where account_id = ${kept.key}`,
    );

    await db().execute(sql.raw(backfill));
    await db().execute(sql.raw(backfill));

    const migrated = await rolesByUser(before.key);
    expect(migrated.get(second.id)).toEqual(['owner']);
    expect(migrated.get(first.id)).toEqual(['scrutineer']);
    const untouched = await rolesByUser(kept.key);
    expect(untouched.get(third.id)).toEqual(['owner']);
    expect(untouched.get(first.id)).toEqual([]);
  });
});
