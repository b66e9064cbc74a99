import { randomBytes } from 'node:crypto';
import { AccountsService } from '../../src/accounts/accounts.service';
import { generateShortCode } from '../../src/common/ids';
import { Database } from '../../src/database/database';
import { meetings } from '../../src/database/schema';
import { UsersService } from '../../src/identity/users.service';
import type { TestGateway } from './test-app';

let sequence = 0;

export interface UserFixture {
  id: string;
  email: string;
  password: string;
  totpSecret?: string;
}

/** A manager created the way the admin CLI does it; overrides for anything that matters. */
export async function createUser(
  gateway: TestGateway,
  overrides: Partial<{
    email: string;
    password: string;
    name: string;
    mfa: boolean;
  }> = {},
): Promise<UserFixture> {
  sequence += 1;
  const email =
    overrides.email ??
    `manager${sequence}.${randomBytes(3).toString('hex')}@example.test`;
  const password = overrides.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const created = await gateway.app.get(UsersService).create({
    email,
    password,
    name: overrides.name ?? 'Test Manager',
    mfa: overrides.mfa,
  });
  return { id: created.id, email, password, totpSecret: created.totpSecret };
}

export async function createAccount(
  gateway: TestGateway,
  members: UserFixture[],
  overrides: Partial<{ name: string; nameShort: string }> = {},
): Promise<{ key: string; name: string }> {
  sequence += 1;
  const accounts = gateway.app.get(AccountsService);
  const account = await accounts.create({
    name: overrides.name ?? `Account ${sequence}`,
    nameShort: overrides.nameShort,
  });
  for (const member of members)
    await accounts.adminSetMembership(account.key, member.email, true);
  return account;
}

/** Signs the user in over HTTP and returns the access token. */
export async function signIn(
  gateway: TestGateway,
  user: UserFixture,
): Promise<string> {
  const response = await fetch(`${gateway.baseUrl}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  if (response.status !== 200)
    throw new Error(
      `sign-in failed: ${response.status} ${await response.text()}`,
    );
  return ((await response.json()) as { access_token: string }).access_token;
}

export type MeetingFixtureRow = typeof meetings.$inferSelect;

/** A meeting row straight in the database (for tests of other features than meetings). */
export async function createMeeting(
  gateway: TestGateway,
  accountKey: string,
  overrides: Partial<typeof meetings.$inferInsert> = {},
): Promise<MeetingFixtureRow> {
  sequence += 1;
  const meetingDate = new Date(gateway.clock.nowMs() + 14 * 86_400_000);
  const [row] = await gateway.app
    .get(Database)
    .db.insert(meetings)
    .values({
      accountId: accountKey,
      shortCode: `${generateShortCode(6)}${sequence}`,
      name: `Meeting ${sequence}`,
      type: 'agm',
      meetingDate,
      expiryDate: new Date(meetingDate.getTime() - 86_400_000),
      meetingTimezone: 'America/Toronto',
      ...overrides,
    })
    .returning();
  return row;
}

export interface TenantFixture {
  user: UserFixture;
  token: string;
  account: { key: string; name: string };
  meeting: MeetingFixtureRow;
}

/** A manager, signed in, with an account and a meeting of their own. */
export async function createTenant(
  gateway: TestGateway,
  meetingOverrides: Partial<typeof meetings.$inferInsert> = {},
): Promise<TenantFixture> {
  const user = await createUser(gateway);
  const account = await createAccount(gateway, [user]);
  const meeting = await createMeeting(gateway, account.key, meetingOverrides);
  return { user, token: await signIn(gateway, user), account, meeting };
}
