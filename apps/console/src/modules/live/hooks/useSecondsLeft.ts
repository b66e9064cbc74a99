import { useEffect, useState } from 'react';
import { secondsLeft } from '../utils/clock';

/**
 * Whole seconds left until `endsAt` by the server's clock (this browser's plus `offsetMs`).
 * It turns at the instants the server's remaining time crosses a whole second, so every
 * screen whose offset is right shows the same number at the same moment.
 */
export function useSecondsLeft(endsAt: string, offsetMs: number): number {
  const [seconds, setSeconds] = useState(() =>
    secondsLeft(endsAt, Date.now() + offsetMs),
  );
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const leftMs = Date.parse(endsAt) - (Date.now() + offsetMs);
      const shown = Math.max(0, Math.ceil(leftMs / 1000));
      setSeconds(shown);
      if (shown > 0) timer = setTimeout(tick, leftMs - (shown - 1) * 1000 + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [endsAt, offsetMs]);
  return seconds;
}
