import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { Loading } from '../../ui/components/Loading';
import { useClerkOfMeeting } from '../hooks/useClerkOfMeeting';

/**
 * A meeting page a clerk does not see (docs/team.md): a clerk of the meeting's account goes to
 * the check-in desk instead. The gateway refuses them these routes anyway (403); this keeps
 * their console to what they may do.
 */
export function NotForClerks({ children }: { children: ReactNode }) {
  const { shortCode = '' } = useParams();
  const clerk = useClerkOfMeeting(shortCode);
  if (clerk === undefined) return <Loading />;
  if (clerk) return <Navigate to={`/meetings/${shortCode}/check-in`} replace />;
  return children;
}
