import { z } from 'zod';
import { IsoDateTime } from './common';

export const MAIL_DELIVERY_STATUSES = ['sent', 'bounced', 'failed'] as const;

/**
 * The last message of a kind (a voter's invite, a holder's link) as the mail server answered
 * it: `sent` (accepted), `bounced` (the address refused), `failed` (the server not reached or
 * erring; worth a retry). `detail` is the server's words for the last two (docs/mail.md).
 */
export const MailDelivery = z.strictObject({
  status: z.enum(MAIL_DELIVERY_STATUSES),
  at: IsoDateTime,
  detail: z.string().nullable(),
});
export type MailDelivery = z.infer<typeof MailDelivery>;
