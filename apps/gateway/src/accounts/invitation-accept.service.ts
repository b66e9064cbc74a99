import { Injectable } from '@nestjs/common';
import type {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  InspectInvitationResponse,
} from '@livevote/contracts';
import { AuditLogService } from '../audit/audit-log.service';
import { ApiException } from '../common/api-exception';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { AuthErrorCode, AuthException } from '../identity/auth.exception';
import { AuthRateLimitService } from '../identity/auth-rate-limit.service';
import { hashToken } from '../identity/auth.service';
import { CredentialsService } from '../identity/credentials.service';
import { UsersRepository } from '../identity/users.repository';
import { UsersService } from '../identity/users.service';
import { AccountErrorCode, AccountException } from './accounts.exception';
import { AccountsRepository } from './accounts.repository';
import {
  InvitationErrorCode,
  InvitationException,
} from './invitations.exception';
import {
  InvitationsRepository,
  type InvitationRow,
} from './invitations.repository';

/**
 * The invitee's side (docs/team.md): the token, stored hashed, is good once, for 7 days, until
 * an owner revokes it. A new user sets name and password; an existing one proves who they are
 * with their own password (and TOTP) and is added.
 */
@Injectable()
export class InvitationAcceptService {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly members: AccountsRepository,
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly credentials: CredentialsService,
    private readonly limiter: AuthRateLimitService,
    private readonly audit: AuditLogService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async inspect(
    token: string,
    clientIp: string,
  ): Promise<InspectInvitationResponse> {
    const tokenHash = hashToken(token);
    await this.limiter.consume(clientIp, `invitation:${tokenHash}`);
    const row = this.usable(
      await this.invitations.findByTokenHash(tokenHash, false),
    );
    return {
      email: row.email,
      accountName: row.accountName,
      roles: row.roles,
      expiresAt: row.expiresAt.toISOString(),
      existingUser: Boolean(await this.users.findByEmail(row.email)),
    };
  }

  async accept(
    body: AcceptInvitationRequest,
    clientIp: string,
  ): Promise<AcceptInvitationResponse> {
    const tokenHash = hashToken(body.token);
    await this.limiter.consume(clientIp, `invitation:${tokenHash}`);
    return this.unitOfWork.run(async () => {
      const row = this.usable(
        await this.invitations.findByTokenHash(tokenHash, true),
      );
      const { userId, created } = await this.person(row, body);
      const added = await this.members.addUser(
        row.accountId,
        userId,
        row.roles,
      );
      if (!added) throw new AccountException(AccountErrorCode.AlreadyMember);
      const now = this.clock.now();
      await this.invitations.markAccepted(row.id, now);
      const user = await this.users.findById(userId);
      await this.audit.recordForAccount(row.accountId, {
        kind: 'team.join',
        actor: { userId },
        subject: {
          type: 'user',
          key: userId,
          label: user?.name || row.email,
          email: row.email,
        },
        changes: { roles: { from: null, to: row.roles } },
      });
      return {
        account: { key: row.accountId, name: row.accountName },
        email: user?.email ?? row.email,
        roles: row.roles,
        created,
      };
    });
  }

  /** The invitation when its link still works; else a problem saying why. */
  private usable<T extends InvitationRow>(row: T | undefined): T {
    if (!row)
      throw new InvitationException(InvitationErrorCode.InvitationNotFound);
    if (row.acceptedAt)
      throw new InvitationException(InvitationErrorCode.InvitationUsed);
    if (row.revokedAt)
      throw new InvitationException(InvitationErrorCode.InvitationRevoked);
    if (row.expiresAt <= this.clock.now())
      throw new InvitationException(InvitationErrorCode.InvitationExpired);
    return row;
  }

  /** The invited person: an existing user signed in, or a new one made from the form. */
  private async person(
    row: InvitationRow,
    body: AcceptInvitationRequest,
  ): Promise<{ userId: string; created: boolean }> {
    if (await this.users.findByEmail(row.email)) {
      const user = await this.credentials.check(
        row.email,
        body.password,
        body.mfaToken,
      );
      if (user === 'mfa_required')
        throw new AuthException(AuthErrorCode.MfaRequired);
      if (!user) throw new AuthException(AuthErrorCode.InvalidCredentials);
      return { userId: user.id, created: false };
    }
    if (!body.name)
      throw new ApiException(400, 'validation_failed', {}, {}, [
        { path: 'name', message: 'Required for a new user.' },
      ]);
    const created = await this.usersService.create({
      email: row.email,
      password: body.password,
      name: body.name,
    });
    return { userId: created.id, created: true };
  }
}
