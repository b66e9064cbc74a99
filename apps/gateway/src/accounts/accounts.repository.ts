import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import { Database } from '../database/database';
import {
  accounts,
  accountUsers,
  users,
  type AccountRole,
} from '../database/schema';
import { escapeLike } from '../common/text';

export type AccountRow = typeof accounts.$inferSelect;
/** An account as one of its users sees it: with their own roles there. */
export type MemberAccountRow = AccountRow & { myRoles: AccountRole[] };

@Injectable()
export class AccountsRepository {
  constructor(private readonly database: Database) {}

  listForUser(
    userId: string,
    options: { searchText?: string; limit: number },
  ): Promise<MemberAccountRow[]> {
    const filters = [eq(accountUsers.userId, userId)];
    if (options.searchText)
      filters.push(ilike(accounts.name, `%${escapeLike(options.searchText)}%`));
    return this.database.db
      .select({ ...accountColumns, myRoles: accountUsers.roles })
      .from(accounts)
      .innerJoin(accountUsers, eq(accountUsers.accountId, accounts.id))
      .where(and(...filters))
      .orderBy(asc(accounts.name), asc(accounts.id))
      .limit(options.limit);
  }

  async findForUser(
    accountId: string,
    userId: string,
  ): Promise<MemberAccountRow | undefined> {
    const [row] = await this.database.db
      .select({ ...accountColumns, myRoles: accountUsers.roles })
      .from(accounts)
      .innerJoin(accountUsers, eq(accountUsers.accountId, accounts.id))
      .where(and(eq(accounts.id, accountId), eq(accountUsers.userId, userId)))
      .limit(1);
    return row;
  }

  /** Sets the account's language; the row locked first by the caller's transaction. */
  async update(
    accountId: string,
    values: Pick<typeof accounts.$inferInsert, 'language' | 'updatedAt'>,
  ): Promise<AccountRow> {
    const [row] = await this.database.db
      .update(accounts)
      .set(values)
      .where(eq(accounts.id, accountId))
      .returning(accountColumns);
    return row;
  }

  async findById(accountId: string): Promise<AccountRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    return row;
  }

  async create(values: typeof accounts.$inferInsert): Promise<AccountRow> {
    const [row] = await this.database.db
      .insert(accounts)
      .values(values)
      .returning();
    return row;
  }

  /** The users of the account with their roles, by e-mail. */
  users(accountId: string) {
    return this.database.db
      .select({
        email: users.email,
        name: users.name,
        addedAt: accountUsers.createdAt,
        roles: accountUsers.roles,
      })
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.userId))
      .where(eq(accountUsers.accountId, accountId))
      .orderBy(asc(users.email));
  }

  /** Sets the user's roles in the account; undefined when the user does not belong to it. */
  async setRoles(
    accountId: string,
    userId: string,
    roles: AccountRole[],
  ): Promise<{ createdAt: Date; roles: AccountRole[] } | undefined> {
    const [row] = await this.database.db
      .update(accountUsers)
      .set({ roles })
      .where(
        and(
          eq(accountUsers.accountId, accountId),
          eq(accountUsers.userId, userId),
        ),
      )
      .returning({
        createdAt: accountUsers.createdAt,
        roles: accountUsers.roles,
      });
    return row;
  }

  /** Adds the member; null when the user already belonged to the account. */
  async addUser(
    accountId: string,
    userId: string,
    roles: AccountRole[] = [],
  ): Promise<{ createdAt: Date } | null> {
    const [row] = await this.database.db
      .insert(accountUsers)
      .values({ accountId, userId, roles })
      .onConflictDoNothing()
      .returning({ createdAt: accountUsers.createdAt });
    return row ?? null;
  }

  async removeUser(accountId: string, userId: string): Promise<boolean> {
    const rows = await this.database.db
      .delete(accountUsers)
      .where(
        and(
          eq(accountUsers.accountId, accountId),
          eq(accountUsers.userId, userId),
        ),
      )
      .returning({ userId: accountUsers.userId });
    return rows.length === 1;
  }

  /**
   * Locks the account row until the transaction ends: every team change takes it before any
   * member's row, so two changes wait for each other instead of deadlocking.
   */
  async lockAccount(accountId: string): Promise<void> {
    await this.database.db.execute(
      sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for update`,
    );
  }

  /** Locks the account's membership rows, so concurrent removals cannot empty it. */
  async countUsersForUpdate(accountId: string): Promise<number> {
    await this.lockAccount(accountId);
    const [row] = await this.database.db
      .select({ n: count() })
      .from(accountUsers)
      .where(eq(accountUsers.accountId, accountId));
    return Number(row?.n ?? 0);
  }

  /**
   * The account's owners, counted with the account row locked so that two concurrent
   * demotions or removals cannot both pass the last-owner check (docs/team.md).
   */
  async countOwnersForUpdate(accountId: string): Promise<number> {
    await this.lockAccount(accountId);
    const [row] = await this.database.db
      .select({ n: count() })
      .from(accountUsers)
      .where(
        and(
          eq(accountUsers.accountId, accountId),
          sql`${accountUsers.roles} @> '["owner"]'::jsonb`,
        ),
      );
    return Number(row?.n ?? 0);
  }

  /** The user's roles in the account, locked until the transaction ends; undefined if not a member. */
  async rolesOf(
    accountId: string,
    userId: string,
  ): Promise<AccountRole[] | undefined> {
    const [row] = await this.database.db
      .select({ roles: accountUsers.roles })
      .from(accountUsers)
      .where(
        and(
          eq(accountUsers.accountId, accountId),
          eq(accountUsers.userId, userId),
        ),
      )
      .for('update')
      .limit(1);
    return row?.roles;
  }

  async isMember(accountId: string, userId: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ userId: accountUsers.userId })
      .from(accountUsers)
      .where(
        and(
          eq(accountUsers.accountId, accountId),
          eq(accountUsers.userId, userId),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async findUserByEmail(email: string) {
    const [row] = await this.database.db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  }
}

const accountColumns = {
  id: accounts.id,
  name: accounts.name,
  nameShort: accounts.nameShort,
  address: accounts.address,
  contactName: accounts.contactName,
  contactEmail: accounts.contactEmail,
  language: accounts.language,
  subscription: accounts.subscription,
  createdAt: accounts.createdAt,
  updatedAt: accounts.updatedAt,
};
