import { createContext, useContext, type ReactNode } from 'react';

const MeetingZoneContext = createContext<string | null>(null);

/** The meeting's IANA time zone for everything below: every date and time shows in it. */
export function MeetingZone({
  timeZone,
  children,
}: {
  timeZone: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <MeetingZoneContext.Provider value={timeZone ?? null}>
      {children}
    </MeetingZoneContext.Provider>
  );
}

/** The zone of the meeting on screen, or null before it is known (then UTC, labelled). */
export function useMeetingZone(): string | null {
  return useContext(MeetingZoneContext);
}
