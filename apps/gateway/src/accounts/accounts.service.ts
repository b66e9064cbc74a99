import { Injectable } from '@nestjs/common';
import type {
  Account,
  AccountRole,
  AccountUser,
  ListAccountsQuery,
  PatchAccountRequest,
} from '@livevote/contracts';
import { AuditLogService, changesOf } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { ScreenTokenRegistry } from '../revocation/screen-token.registry';
import { RevocationSignalsService } from '../revocation/revocation-signals.service';
import { AccountErrorCode, AccountException } from './accounts.exception';
import { mapAccount } from './accounts.mapper';
import { InvitationsRepository } from './invitations.repository';
import {
  AccountsRepository,
  type MemberAccountRow,
} from './accounts.repository';

/** A member of the account's team as the audit log names them: as they were then. */
function teamSubject(user: { id: string; email: string; name: string }) {
  return {
    type: 'user',
    key: user.id,
    label: user.name || user.email,
    email: user.email,
  };
}

@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly signals: RevocationSignalsService,
    private readonly screens: ScreenTokenRegistry,
    private readonly audit: AuditLogService,
    private readonly clock: Clock,
    private readonly invitations: InvitationsRepository,
  ) {}

  async list(userId: string, query: ListAccountsQuery): Promise<Account[]> {
    const rows = await this.accounts.listForUser(userId, query);
    return rows.map(mapAccount);
  }

  async get(userId: string, key: string): Promise<Account> {
    return mapAccount(await this.requireAccess(userId, key));
  }

  /**
   * Sets the account's language, the primary of its new meetings (docs/i18n.md); meetings
   * made before keep theirs. Any user of the account; in every meeting's audit log.
   */
  patch(
    userId: string,
    key: string,
    body: PatchAccountRequest,
  ): Promise<Account> {
    return this.unitOfWork.run(async () => {
      const current = await this.requireAccess(userId, key);
      if (body.language === undefined || body.language === current.language)
        return mapAccount(current);
      const row = await this.accounts.update(current.id, {
        language: body.language,
        updatedAt: this.clock.now(),
      });
      await this.audit.recordForAccount(current.id, {
        kind: 'account.update',
        actor: { userId },
        subject: { type: 'account', key: current.id, label: current.name },
        changes: changesOf(current, row, ['language']),
      });
      return mapAccount({ ...row, myRoles: current.myRoles });
    });
  }

  /** The account when the user belongs to it; any other account is a 404 (no existence leak). */
  async requireAccess(userId: string, key: string): Promise<MemberAccountRow> {
    const row = isUuid(key)
      ? await this.accounts.findForUser(key, userId)
      : undefined;
    if (!row) throw new AccountException(AccountErrorCode.AccountNotFound);
    return row;
  }

  /**
   * The account when the user is one of its owners (docs/team.md): another account is a 404,
   * a manager who is not an owner a 403 `owner_required`.
   */
  async requireOwner(userId: string, key: string): Promise<MemberAccountRow> {
    const account = await this.requireAccess(userId, key);
    if (!account.myRoles.includes('owner'))
      throw new AccountException(AccountErrorCode.OwnerRequired);
    return account;
  }

  addUser(userId: string, key: string, email: string): Promise<AccountUser> {
    return this.unitOfWork.run(async () => {
      await this.requireOwner(userId, key);
      const user = await this.accounts.findUserByEmail(email);
      if (!user) throw new AccountException(AccountErrorCode.UserNotFound);
      const added = await this.accounts.addUser(key, user.id);
      if (!added) throw new AccountException(AccountErrorCode.AlreadyMember);
      await this.audit.recordForAccount(key, {
        kind: 'team.add',
        actor: { userId },
        subject: teamSubject(user),
        changes: { roles: { from: null, to: [] } },
      });
      return {
        email: user.email,
        name: user.name,
        addedAt: added.createdAt.toISOString(),
        roles: [],
      };
    });
  }

  async users(userId: string, key: string): Promise<AccountUser[]> {
    const account = await this.requireAccess(userId, key);
    const rows = await this.accounts.users(account.id);
    return rows.map((row) => ({
      email: row.email,
      name: row.name,
      addedAt: row.addedAt.toISOString(),
      roles: row.roles,
    }));
  }

  /**
   * Sets a user's roles (owners, docs/team.md). Nobody grants themselves a role: an owner may
   * only drop some of their own. The last owner stays one (409 `last_owner`).
   */
  async setRoles(
    userId: string,
    key: string,
    email: string,
    roles: AccountRole[],
  ): Promise<AccountUser> {
    const { answer, changed } = await this.unitOfWork.run(async () => {
      const account = await this.requireOwner(userId, key);
      await this.accounts.lockAccount(account.id);
      const user = await this.accounts.findUserByEmail(email);
      const before = user
        ? await this.accounts.rolesOf(account.id, user.id)
        : undefined;
      if (!user || !before)
        throw new AccountException(AccountErrorCode.NotMember);
      const next = [...new Set(roles)];
      if (user.id === userId && next.some((role) => !before.includes(role)))
        throw new AccountException(AccountErrorCode.OwnRoles);
      await this.keepAnOwner(account.id, before, next);
      const row = await this.accounts.setRoles(account.id, user.id, next);
      if (!row) throw new AccountException(AccountErrorCode.NotMember);
      await this.revokeInvitationsIfNoOwner(account.id, user.id, next);
      const changes = changesOf(
        { roles: [...before].sort() },
        { roles: [...row.roles].sort() },
        ['roles'],
      );
      const changed = Object.keys(changes).length > 0;
      if (changed)
        await this.audit.recordForAccount(account.id, {
          kind: 'team.roles',
          actor: { userId },
          subject: teamSubject(user),
          changes,
        });
      return {
        answer: {
          email: user.email,
          name: user.name,
          addedAt: row.createdAt.toISOString(),
          roles: row.roles,
        },
        changed: changed && { accountId: account.id, userId: user.id },
      };
    });
    // the user's live sockets in the account subscribe again, into the rooms of their new roles
    if (changed)
      await this.signals.publish({ kind: 'account-roles', ...changed });
    return answer;
  }

  /**
   * A user who is no longer an owner (removed: `roles` null) can no longer invite, so their
   * pending invitations go too: otherwise a removed owner's invitation of another address of
   * theirs would bring them back (docs/team.md).
   */
  private async revokeInvitationsIfNoOwner(
    accountId: string,
    userId: string,
    roles: readonly AccountRole[] | null,
  ): Promise<void> {
    if (roles?.includes('owner')) return;
    await this.invitations.revokePendingBy(accountId, userId, this.clock.now());
  }

  /** 409 `last_owner` when taking `before` to `after` would leave the account without an owner. */
  private async keepAnOwner(
    accountId: string,
    before: readonly AccountRole[],
    after: readonly AccountRole[] | null,
  ): Promise<void> {
    if (!before.includes('owner') || after?.includes('owner')) return;
    if ((await this.accounts.countOwnersForUpdate(accountId)) <= 1)
      throw new AccountException(AccountErrorCode.LastOwner);
  }

  /** Admin CLI: roles without an acting user. */
  async adminSetRoles(
    key: string,
    email: string,
    roles: AccountRole[],
  ): Promise<AccountRole[]> {
    const { roles: set, changed } = await this.unitOfWork.run(async () => {
      const account = isUuid(key)
        ? await this.accounts.findById(key)
        : undefined;
      if (!account)
        throw new AccountException(AccountErrorCode.AccountNotFound);
      const user = await this.accounts.findUserByEmail(email);
      if (!user) throw new AccountException(AccountErrorCode.UserNotFound);
      await this.accounts.lockAccount(account.id);
      const before = await this.accounts.rolesOf(account.id, user.id);
      if (!before) throw new AccountException(AccountErrorCode.NotMember);
      const next = [...new Set(roles)];
      await this.keepAnOwner(account.id, before, next);
      const row = await this.accounts.setRoles(account.id, user.id, next);
      if (!row) throw new AccountException(AccountErrorCode.NotMember);
      await this.revokeInvitationsIfNoOwner(account.id, user.id, next);
      return {
        roles: row.roles,
        changed: sameRoles(before, row.roles)
          ? undefined
          : { accountId: account.id, userId: user.id },
      };
    });
    // the CLI is its own process: with Redis this reaches the gateway nodes
    if (changed)
      await this.signals.publish({ kind: 'account-roles', ...changed });
    return set;
  }

  /**
   * Removes the user (owners; the last owner stays, 409 `last_owner`); their open live sockets leave the account's meetings on every node, and
   * the screen tokens they made there are revoked (their screens dropped) with them.
   */
  async removeUser(userId: string, key: string, email: string): Promise<void> {
    const removed = await this.unitOfWork.run(async () => {
      const account = await this.requireOwner(userId, key);
      const user = await this.accounts.findUserByEmail(email);
      if (!user) throw new AccountException(AccountErrorCode.NotMember);
      const members = await this.accounts.countUsersForUpdate(account.id);
      if (!(await this.accounts.isMember(account.id, user.id)))
        throw new AccountException(AccountErrorCode.NotMember);
      if (members <= 1) throw new AccountException(AccountErrorCode.LastUser);
      const roles = await this.accounts.rolesOf(account.id, user.id);
      await this.keepAnOwner(account.id, roles ?? [], null);
      await this.accounts.removeUser(account.id, user.id);
      await this.revokeInvitationsIfNoOwner(account.id, user.id, null);
      await this.audit.recordForAccount(account.id, {
        kind: 'team.remove',
        actor: { userId },
        subject: teamSubject(user),
        changes: { roles: { from: roles ?? [], to: null } },
      });
      await this.screens.revokeMadeBy(account.id, user.id);
      return { accountId: account.id, userId: user.id };
    });
    await this.signals.publish({ kind: 'account-user', ...removed });
  }

  /** Admin CLI: a new account (no HTTP route: there is no public sign-up). */
  async create(input: {
    name: string;
    nameShort?: string;
  }): Promise<{ key: string; name: string; nameShort: string }> {
    const row = await this.unitOfWork.run(() =>
      this.accounts.create({
        name: input.name,
        nameShort: input.nameShort ?? '',
      }),
    );
    return { key: row.id, name: row.name, nameShort: row.nameShort };
  }

  /** Admin CLI: membership without an acting user. */
  async adminSetMembership(
    key: string,
    email: string,
    member: boolean,
  ): Promise<void> {
    const removed = await this.unitOfWork.run(async () => {
      const account = isUuid(key)
        ? await this.accounts.findById(key)
        : undefined;
      if (!account)
        throw new AccountException(AccountErrorCode.AccountNotFound);
      const user = await this.accounts.findUserByEmail(email);
      if (!user) throw new AccountException(AccountErrorCode.UserNotFound);
      if (member) {
        // the account's first user is its first owner (docs/team.md)
        const owners = await this.accounts.countOwnersForUpdate(account.id);
        await this.accounts.addUser(key, user.id, owners ? [] : ['owner']);
        return undefined;
      }
      if (!(await this.accounts.removeUser(key, user.id)))
        throw new AccountException(AccountErrorCode.NotMember);
      await this.revokeInvitationsIfNoOwner(account.id, user.id, null);
      await this.screens.revokeMadeBy(account.id, user.id);
      return { accountId: account.id, userId: user.id };
    });
    // the CLI is its own process: with Redis this reaches the gateway nodes
    if (removed)
      await this.signals.publish({ kind: 'account-user', ...removed });
  }
}

const sameRoles = (a: readonly AccountRole[], b: readonly AccountRole[]) =>
  a.length === b.length && a.every((role) => b.includes(role));
