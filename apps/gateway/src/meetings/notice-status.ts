const KINDS = [
  ['reminder', 'reminder', 'reminders'],
  ['starting', '"meeting is starting" notice', '"meeting is starting" notices'],
  ['summary', 'manager summary', 'manager summaries'],
] as const;

/** Messages whose last try the mail server refused (bounced) or could not take (failed). */
const DELIVERIES = [
  ['invite', 'invite', 'invites'],
  ['holder', "proxy holder's link", "proxy holders' links"],
] as const;

/**
 * The meeting stats' noticeStatusSummary from the stats figures: "12 of 40 voters invited",
 * then mail not delivered: invites and holders' links that bounced or failed, e.g.
 * "; 2 invites bounced", and scheduled mail, e.g. "; 2 reminders failed (1 retrying)".
 */
export function noticeStatusSummary(
  invitedVoters: number,
  figures: Record<string, number>,
): string {
  const parts = [`${invitedVoters} of ${figures.totalVoters} voters invited`];
  const counted = (n: number, one: string, many: string) =>
    `${n} ${n === 1 ? one : many}`;
  for (const [kind, one, many] of DELIVERIES)
    for (const outcome of ['bounced', 'failed'] as const) {
      const n =
        figures[`${kind}Mail${outcome === 'bounced' ? 'Bounced' : 'Failed'}`] ??
        0;
      if (n) parts.push(`${counted(n, one, many)} ${outcome}`);
    }
  for (const [kind, one, many] of KINDS) {
    const failed = figures[`${kind}MailFailed`] ?? 0;
    const retrying = figures[`${kind}MailRetrying`] ?? 0;
    if (failed)
      parts.push(
        `${counted(failed, one, many)} failed${retrying ? ` (${retrying} retrying)` : ''}`,
      );
  }
  return parts.join('; ');
}
