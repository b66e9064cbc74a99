import { useSecondsLeft } from '../hooks/useSecondsLeft';
import { describeClock, formatClock } from '../utils/clock';

export interface CountdownProps {
  /** When voting ends, by the server's clock. */
  endsAt: string;
  /** Server clock minus this browser's clock (from the live channel). */
  offsetMs: number;
  label?: string;
  className?: string;
}

/** Time left until `endsAt` on the server's clock, the same second on every screen. */
export function Countdown({
  endsAt,
  offsetMs,
  label = 'Time left',
  className = 'countdown',
}: CountdownProps) {
  const seconds = useSecondsLeft(endsAt, offsetMs);
  return (
    <span
      className={className}
      role="timer"
      aria-label={`${label}: ${describeClock(seconds)}`}
      data-seconds={seconds}
    >
      {formatClock(seconds)}
    </span>
  );
}
