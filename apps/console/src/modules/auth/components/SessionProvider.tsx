import type { AuthTokenRequest } from '@livevote/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { requestToken } from '../../../api/auth-api';
import { createManagerApi } from '../../../api/manager-api';
import { ManagerSession } from '../../../api/manager-session';
import {
  SessionContext,
  type SessionContextValue,
} from '../hooks/session-context';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [endedBecause, setEndedBecause] = useState<'expired'>();
  const [session, setSession] = useState<ManagerSession | undefined>(() =>
    ManagerSession.restore(() => {
      setSession(undefined);
      setEndedBecause('expired');
      queryClient.clear();
    }),
  );

  const signIn = useCallback(
    async (credentials: AuthTokenRequest) => {
      const token = await requestToken(credentials);
      const next = ManagerSession.start(credentials.username, token, () => {
        setSession(undefined);
        setEndedBecause('expired');
        queryClient.clear();
      });
      setEndedBecause(undefined);
      setSession(next);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    void session?.signOut();
    setSession(undefined);
    queryClient.clear();
  }, [session, queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      api: session ? createManagerApi(session) : undefined,
      endedBecause,
      signIn,
      signOut,
    }),
    [session, endedBecause, signIn, signOut],
  );
  return (
    <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
  );
}
