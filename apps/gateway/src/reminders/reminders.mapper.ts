import type { UnsubscribeResult } from '@livevote/contracts';
import type { CommunicationPreferences } from '../database/schema';

export function mapUnsubscribeResult(
  voter: { email: string; meetingName: string },
  preferences: CommunicationPreferences,
): UnsubscribeResult {
  return {
    email: voter.email,
    meetingName: voter.meetingName,
    communicationPreferences: {
      disableAllEmails: preferences.disableAllEmails === true,
      disableConsentReminders: preferences.disableConsentReminders === true,
    },
  };
}

/** The address in a scheduled e-mail that opens the unsubscribe page. */
export function unsubscribeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/portal/v1/unsubscribe?token=${encodeURIComponent(token)}`;
}
