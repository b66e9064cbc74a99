/** When a meeting ends: its start plus its duration in minutes. */
export function meetingEndsAt(meeting: {
  meetingDate: Date;
  duration: number;
}): Date {
  return new Date(meeting.meetingDate.getTime() + meeting.duration * 60_000);
}
