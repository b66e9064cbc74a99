const KINDS = [
  ['reminder', 'reminder', 'reminders'],
  ['starting', '"meeting is starting" notice', '"meeting is starting" notices'],
  ['summary', 'manager summary', 'manager summaries'],
] as const;

/**
 * The meeting stats' noticeStatusSummary from the stats figures: "12 of 40 voters invited",
 * then scheduled mail not delivered, e.g. "; 2 reminders failed (1 retrying)".
 */
export function noticeStatusSummary(
  invitedVoters: number,
  figures: Record<string, number>,
): string {
  const parts = [`${invitedVoters} of ${figures.totalVoters} voters invited`];
  for (const [kind, one, many] of KINDS) {
    const failed = figures[`${kind}MailFailed`] ?? 0;
    const retrying = figures[`${kind}MailRetrying`] ?? 0;
    if (failed)
      parts.push(
        `${failed} ${failed === 1 ? one : many} failed${retrying ? ` (${retrying} retrying)` : ''}`,
      );
  }
  return parts.join('; ');
}
