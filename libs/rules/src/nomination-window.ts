/**
 * Nominations are open until the meeting's `nominationExpiryDate`; a meeting without one takes
 * none (docs/elections.md, "Nominations"). Once they close, an election is built from them.
 */
export function nominationsOpen(
  meeting: { nominationExpiryDate: Date | null },
  now: Date,
): boolean {
  return (
    meeting.nominationExpiryDate !== null &&
    now.getTime() < meeting.nominationExpiryDate.getTime()
  );
}

/** Whether an election may be built from the nominations: their deadline set and passed. */
export function nominationsClosed(
  meeting: { nominationExpiryDate: Date | null },
  now: Date,
): boolean {
  return (
    meeting.nominationExpiryDate !== null &&
    now.getTime() >= meeting.nominationExpiryDate.getTime()
  );
}
