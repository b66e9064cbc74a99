import { z } from 'zod';
import { IsoDateTime } from './common';

/** The invite endpoints take no fields; an empty object (or no body) is accepted. */
export const InviteRequest = z.strictObject({}).default({});
export type InviteRequest = z.infer<typeof InviteRequest>;

/** `POST .../voters/{email}/invite`: when the message was handed to the mail server. */
export const InviteResult = z.strictObject({
  sentAt: IsoDateTime,
});
export type InviteResult = z.infer<typeof InviteResult>;

export const BULK_INVITE_TARGETS = ['uninvited', 'undelivered', 'all'] as const;

/**
 * `POST /v1/Meetings/{shortCode}/invites`: whom to send to, among the voters whose e-mails are
 * on: those never invited (the default), those too whose last invite bounced or failed, or
 * every one of them again (docs/mail.md).
 */
export const BulkInviteRequest = z
  .strictObject({ to: z.enum(BULK_INVITE_TARGETS).default('uninvited') })
  .default({ to: 'uninvited' });
export type BulkInviteRequest = z.infer<typeof BulkInviteRequest>;

/**
 * `POST /v1/Meetings/{shortCode}/invites`: the voters the request aimed at, among those whose
 * e-mails are on.
 * `skipped` counts the voters left out (not aimed at, or e-mails disabled); `failed` the
 * messages the mail server refused (those voters stay uninvited, so a retry picks them up).
 */
export const BulkInviteResult = z.strictObject({
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  skipped: z.number().int().min(0),
  sentAt: IsoDateTime,
});
export type BulkInviteResult = z.infer<typeof BulkInviteResult>;

/**
 * `POST /v1/Meetings/{shortCode}/members/{memberKey}/voters/{email}/personal-link`: the voter's
 * personal portal link, as in the invite, for a manager helping an owner (a QR code on the
 * desk's screen). Nothing is sent and the voter is not marked invited.
 */
export const PersonalLink = z.strictObject({ portalUrl: z.string() });
export type PersonalLink = z.infer<typeof PersonalLink>;
