import { useSecondsLeft } from '../hooks/useSecondsLeft';
import { describeClock, formatClock } from '../utils/clock';
import { useTranslation } from 'react-i18next';

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
  label,
  className = 'countdown',
}: CountdownProps) {
  const { t } = useTranslation();
  const seconds = useSecondsLeft(endsAt, offsetMs);
  return (
    <span
      className={className}
      role="timer"
      aria-label={`${label ?? t('live.timeLeft')}: ${describeClock(seconds, t)}`}
      data-seconds={seconds}
    >
      {formatClock(seconds)}
    </span>
  );
}
