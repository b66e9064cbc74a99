import { useEffect, useMemo, type ReactNode } from 'react';
import { LiveChannel, type TokenSource } from './live-channel';
import { LiveChannelContext } from './live-context';

export interface LiveChannelProviderProps {
  shortCode: string;
  token: TokenSource;
  children: ReactNode;
}

/** Opens the live channel for one meeting while mounted; the hooks in use-live read it. */
export function LiveChannelProvider({
  shortCode,
  token,
  children,
}: LiveChannelProviderProps) {
  // `token` must be stable (a string, or a function from useCallback)
  const channel = useMemo(
    () => new LiveChannel(shortCode, token),
    [shortCode, token],
  );
  useEffect(() => {
    channel.connect();
    return () => channel.disconnect();
  }, [channel]);
  return (
    <LiveChannelContext.Provider value={channel}>
      {children}
    </LiveChannelContext.Provider>
  );
}
