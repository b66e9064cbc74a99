import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type {
  CreateInvitationRequest,
  Invitation,
  ListInvitationsQuery,
} from '@livevote/contracts';
import type { Language } from '@livevote/i18n';
import { AuditLogService } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/database';
import { hashToken } from '../identity/auth.service';
import { UsersRepository } from '../identity/users.repository';
import { MailTransport } from '../mail/mail-transport';
import { AccountErrorCode, AccountException } from './accounts.exception';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { invitationMail } from './invitation-mail';
import {
  InvitationErrorCode,
  InvitationException,
} from './invitations.exception';
import { mapInvitation } from './invitations.mapper';
import { InvitationsRepository } from './invitations.repository';

const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

/** The console page that accepts an invitation; the token travels in the fragment. */
export const ACCEPT_PAGE = '/accept-invitation';

/** An owner's side of the team's invitations (docs/team.md). */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger(InvitationsService.name);

  constructor(
    private readonly accounts: AccountsService,
    private readonly members: AccountsRepository,
    private readonly invitations: InvitationsRepository,
    private readonly users: UsersRepository,
    private readonly mail: MailTransport,
    private readonly audit: AuditLogService,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Invites an e-mail with roles: one pending invitation per e-mail and account (409
   * `invitation_pending`), none for a user already there (409 `already_member`). The mail goes
   * out before the transaction commits: an invitation whose mail failed is not kept (502).
   */
  create(
    userId: string,
    key: string,
    body: CreateInvitationRequest,
    lng: Language,
  ): Promise<Invitation> {
    return this.unitOfWork.run(async () => {
      const account = await this.accounts.requireOwner(userId, key);
      // the account row stays locked: two invitations of one e-mail cannot both pass
      await this.members.lockAccount(account.id);
      const now = this.clock.now();
      const existing = await this.members.findUserByEmail(body.email);
      if (existing && (await this.members.isMember(account.id, existing.id)))
        throw new AccountException(AccountErrorCode.AlreadyMember);
      if (await this.invitations.findPending(account.id, body.email, now))
        throw new InvitationException(InvitationErrorCode.InvitationPending);
      const token = randomBytes(32).toString('base64url');
      const roles = [...new Set(body.roles)];
      const row = await this.invitations.insert({
        accountId: account.id,
        email: body.email,
        roles,
        tokenHash: hashToken(token),
        invitedBy: userId,
        invitedAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      });
      await this.audit.recordForAccount(account.id, {
        kind: 'team.invite',
        actor: { userId },
        subject: { type: 'invitation', key: row.id, label: row.email },
        changes: { roles: { from: null, to: roles } },
      });
      const inviter = await this.users.findById(userId);
      const mail = invitationMail(
        row.email,
        {
          accountName: account.name,
          inviterName: inviter?.name || inviter?.email || '',
          roles,
          link: `${this.config.publicUrl}${ACCEPT_PAGE}#token=${token}`,
          expiresAt: row.expiresAt,
        },
        lng,
      );
      await this.mail.send(mail).catch((error: unknown) => {
        this.logger.warn(
          `invitation mail for account ${account.id} not sent: ${(error as Error).message}`,
        );
        throw new InvitationException(InvitationErrorCode.MailNotSent);
      });
      return mapInvitation(row, now);
    });
  }

  async list(
    userId: string,
    key: string,
    query: ListInvitationsQuery,
  ): Promise<Invitation[]> {
    const account = await this.accounts.requireOwner(userId, key);
    const now = this.clock.now();
    const rows = await this.invitations.list(account.id, query.status, now);
    return rows.map((row) => mapInvitation(row, now));
  }

  /** Revokes a pending invitation: its link fails from then on. */
  revoke(userId: string, key: string, invitationKey: string): Promise<void> {
    return this.unitOfWork.run(async () => {
      const account = await this.accounts.requireOwner(userId, key);
      const row = isUuid(invitationKey)
        ? await this.invitations.findInAccount(account.id, invitationKey)
        : undefined;
      if (!row)
        throw new InvitationException(InvitationErrorCode.InvitationNotFound);
      if (row.acceptedAt)
        throw new InvitationException(InvitationErrorCode.InvitationUsed);
      if (row.revokedAt) return;
      await this.invitations.revoke(row.id, this.clock.now());
      await this.audit.recordForAccount(account.id, {
        kind: 'team.invite_revoke',
        actor: { userId },
        subject: { type: 'invitation', key: row.id, label: row.email },
      });
    });
  }
}
