import { z } from 'zod';
import { IsoDateTime } from './common';
import { ACCOUNT_ROLES, AccountRole } from './results';

/** A set of roles in an account: `clerk` combines with no other role (docs/team.md). */
export const TeamRoles = z
  .array(AccountRole)
  .max(ACCOUNT_ROLES.length)
  .superRefine((roles, ctx) => {
    if (new Set(roles).size !== roles.length)
      ctx.addIssue({ code: 'custom', message: 'A role is listed twice.' });
    else if (roles.includes('clerk') && roles.length > 1)
      ctx.addIssue({
        code: 'custom',
        message: 'clerk combines with no other role.',
      });
  });
export type TeamRoles = z.infer<typeof TeamRoles>;

const Email = z.email().max(320);

/** A single line of text a person typed: trimmed, no control characters. */
const PersonName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^\P{Cc}*$/u, 'No control characters.');

/** An invitation link's token: 32 random bytes, base64url. */
const InvitationToken = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not an invitation token.');

export const INVITATION_STATUSES = [
  'pending',
  'accepted',
  'revoked',
  'expired',
] as const;
export const InvitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** POST /v1/Accounts/{key}/invitations (owners). */
export const CreateInvitationRequest = z.strictObject({
  email: Email,
  roles: TeamRoles,
});
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequest>;

/** An invitation to an account's team; its token is never shown again after the e-mail. */
export const Invitation = z.object({
  key: z.string(),
  email: z.string(),
  roles: z.array(AccountRole),
  status: InvitationStatus,
  invitedAt: IsoDateTime,
  expiresAt: IsoDateTime,
});
export type Invitation = z.infer<typeof Invitation>;

/** GET /v1/Accounts/{key}/invitations?status= (pending by default). */
export const ListInvitationsQuery = z.object({
  status: InvitationStatus.default('pending'),
});
export type ListInvitationsQuery = z.infer<typeof ListInvitationsQuery>;

/**
 * POST /auth/invitations/accept. A new user sets `name` and `password`; a user who already
 * exists signs in with their own `password` (and `mfaToken` when enrolled) and is added.
 */
export const AcceptInvitationRequest = z.strictObject({
  token: InvitationToken,
  name: PersonName.optional(),
  password: z.string().min(1).max(1024),
  mfaToken: z
    .string()
    .regex(/^\d{6}$/, 'a 6-digit code')
    .optional(),
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

export const AcceptInvitationResponse = z.object({
  account: z.object({ key: z.string(), name: z.string() }),
  email: z.string(),
  roles: z.array(AccountRole),
  /** Whether the accept made a new user (else an existing one was added). */
  created: z.boolean(),
});
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>;

/** POST /auth/invitations/inspect: what the accept page shows before the form. */
export const InspectInvitationRequest = z.strictObject({
  token: InvitationToken,
});
export type InspectInvitationRequest = z.infer<typeof InspectInvitationRequest>;

export const InspectInvitationResponse = z.object({
  email: z.string(),
  accountName: z.string(),
  roles: z.array(AccountRole),
  expiresAt: IsoDateTime,
  /** A user with this e-mail exists: the page asks for their password, not a new one. */
  existingUser: z.boolean(),
});
export type InspectInvitationResponse = z.infer<
  typeof InspectInvitationResponse
>;
