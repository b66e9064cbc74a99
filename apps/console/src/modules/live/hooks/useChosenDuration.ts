import { useState } from 'react';
import { validDuration } from '../components/DurationPicker';

export const DEFAULT_VOTING_TIME_S = 360;

const storageKey = (shortCode: string) => `livevote:voting-time:${shortCode}`;

function saved(shortCode: string): number | undefined {
  try {
    const value = Number(sessionStorage.getItem(storageKey(shortCode)));
    return validDuration(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The voting time the chair last chose in this meeting. The controls are drawn anew at every
 * start and close, so it is kept for the tab (sessionStorage), not in the component.
 */
export function useChosenDuration(
  shortCode: string,
): [number, (seconds: number) => void] {
  const [seconds, setSeconds] = useState(
    () => saved(shortCode) ?? DEFAULT_VOTING_TIME_S,
  );
  const choose = (next: number) => {
    setSeconds(next);
    if (!validDuration(next)) return;
    try {
      sessionStorage.setItem(storageKey(shortCode), String(next));
    } catch {
      // private mode without storage: the choice lasts while the controls do
    }
  };
  return [seconds, choose];
}
