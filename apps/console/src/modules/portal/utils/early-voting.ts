import { isEarlyVotingOpen } from '@livevote/rules';

interface MeetingWindow {
  meetingDate: string;
  expiryDate: string | null;
}

/**
 * Whether the portal offers early voting: the rule's window is open (until expiryDate, else
 * the meeting's start) and the meeting is not under way. Once the chair has opened a vote, the
 * owner votes live, so early voting leaves the page even if expiryDate lies ahead.
 */
export function showsEarlyVoting(
  meeting: MeetingWindow,
  matters: readonly { liveStatus: 'pending' | 'live' | 'closed' }[],
  now: Date,
): boolean {
  const underWay = matters.some((matter) => matter.liveStatus !== 'pending');
  return (
    !underWay &&
    isEarlyVotingOpen(
      {
        meetingDate: new Date(meeting.meetingDate),
        expiryDate: meeting.expiryDate ? new Date(meeting.expiryDate) : null,
      },
      now,
    )
  );
}
