import type { AuthTokenRequest } from '@livevote/contracts';
import { createContext } from 'react';
import type { ManagerApi } from '../../../api/manager-api';
import type { ManagerSession, SessionEnd } from '../../../api/manager-session';

export interface SessionContextValue {
  session?: ManagerSession;
  /** True while the tab first tries the browser's session cookie. */
  resuming?: boolean;
  api?: ManagerApi;
  /**
   * Why the last session ended by itself (refresh refused, or another tab signed out), to
   * show on the sign-in page.
   */
  endedBecause?: SessionEnd;
  signIn: (credentials: AuthTokenRequest) => Promise<void>;
  signOut: () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);
