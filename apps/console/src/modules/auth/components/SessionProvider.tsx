import type { AuthTokenRequest } from '@livevote/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { requestToken } from '../../../api/auth-api';
import { createManagerApi } from '../../../api/manager-api';
import {
  ManagerSession,
  onOtherTabs,
  type SessionEnd,
} from '../../../api/manager-session';
import {
  SessionContext,
  type SessionContextValue,
} from '../hooks/session-context';

/**
 * The browser's manager session (docs/security.md, "Browser sessions"): resumed from the
 * session cookie when the tab opens, shared with the other tabs, signed out in all of them.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [endedBecause, setEndedBecause] = useState<SessionEnd>();
  const [session, setSession] = useState<ManagerSession>();
  const [resuming, setResuming] = useState(true);

  const ended = useCallback(
    (why: SessionEnd) => {
      setSession(undefined);
      setEndedBecause(why);
      queryClient.clear();
    },
    [queryClient],
  );

  const resume = useCallback(async () => {
    const resumed = await ManagerSession.resume(ended);
    setSession((current) => current ?? resumed);
    setResuming(false);
  }, [ended]);

  useEffect(() => {
    void resume();
  }, [resume]);

  // another tab signed in or out: follow it
  useEffect(
    () =>
      onOtherTabs((message) => {
        if (message.type === 'signed-in') {
          setSession((current) => {
            if (!current) void resume();
            return current;
          });
          return;
        }
        setSession((current) => {
          current?.end();
          return undefined;
        });
        setEndedBecause('signed-out');
        queryClient.clear();
      }),
    [resume, queryClient],
  );

  const signIn = useCallback(
    async (credentials: AuthTokenRequest) => {
      const token = await requestToken(credentials);
      const next = ManagerSession.start(credentials.username, token, ended);
      setEndedBecause(undefined);
      setSession((current) => {
        current?.end();
        return next;
      });
    },
    [ended],
  );

  const signOut = useCallback(() => {
    void session?.signOut();
    setSession(undefined);
    setEndedBecause(undefined);
    queryClient.clear();
  }, [session, queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      resuming,
      api: session ? createManagerApi(session) : undefined,
      endedBecause,
      signIn,
      signOut,
    }),
    [session, resuming, endedBecause, signIn, signOut],
  );
  return (
    <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
  );
}
