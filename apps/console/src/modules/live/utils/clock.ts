/** Whole seconds left until `endsAt`, never negative. */
export function secondsLeft(endsAt: string, serverNowMs: number): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - serverNowMs) / 1000));
}

/** "4:05", or "1:02:03" from an hour up. */
export function formatClock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}`
    : `${minutes}:${ss}`;
}

/** "2 minutes 5 seconds" ("2 minutes 5 secondes"), for screen readers. */
export function describeClock(
  totalSeconds: number,
  t: (key: string, options: { count: number }) => string,
): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts: string[] = [];
  if (minutes) parts.push(t('live.minute', { count: minutes }));
  if (seconds || !minutes) parts.push(t('live.second', { count: seconds }));
  return parts.join(' ');
}
