import { randomBytes } from 'node:crypto';
import { AccountsService } from '../../src/accounts/accounts.service';
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
