import type { AuthTokenRequest } from '@livevote/contracts';
import { createContext } from 'react';
import type { ManagerApi } from '../../../api/manager-api';
import type { ManagerSession } from '../../../api/manager-session';

export interface SessionContextValue {
  session?: ManagerSession;
  api?: ManagerApi;
  /** Why the last session ended by itself (refresh refused), to show on the sign-in page. */
  endedBecause?: 'expired';
  signIn: (credentials: AuthTokenRequest) => Promise<void>;
  signOut: () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);
