import { useContext } from 'react';
import type { ManagerApi } from '../../../api/manager-api';
import { SessionContext, type SessionContextValue } from './session-context';

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('No SessionProvider above this component.');
  return value;
}

/** The management API of the signed-in manager (inside RequireSession only). */
export function useManagerApi(): ManagerApi {
  const { api } = useSession();
  if (!api) throw new Error('useManagerApi outside a signed-in page.');
  return api;
}
