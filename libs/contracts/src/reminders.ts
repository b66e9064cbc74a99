import { z } from 'zod';

/** `GET` and `POST /portal/v1/unsubscribe?token=`: the signed token from a reminder e-mail. */
export const UnsubscribeQuery = z.object({
  token: z.string().min(1).max(4096),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;

/** The POST takes no fields (the confirmation form and RFC 8058 clients send none we need). */
export const UnsubscribeRequest = z.strictObject({}).default({});
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequest>;

/** What the unsubscribe link turned off; `disableConsentReminders` stops reminders only. */
export const UnsubscribeResult = z.strictObject({
  email: z.string(),
  meetingName: z.string(),
  communicationPreferences: z.strictObject({
    disableAllEmails: z.boolean(),
    disableConsentReminders: z.boolean(),
  }),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;
