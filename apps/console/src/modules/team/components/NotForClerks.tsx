import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useAccount } from '../../accounts/hooks/useAccounts';
import { useMeeting } from '../../meetings/hooks/useMeetings';
import { Loading } from '../../ui/components/Loading';
import { isClerk } from '../utils/roles';

/**
 * A meeting page a clerk does not see (docs/team.md): a clerk of the meeting's account goes to
 * the check-in desk instead. The gateway refuses them these routes anyway (403); this keeps
 * their console to what they may do.
 */
export function NotForClerks({ children }: { children: ReactNode }) {
  const { shortCode = '' } = useParams();
  const meeting = useMeeting(shortCode);
  const accountKey = meeting.data?.accountKey ?? '';
  const account = useAccount(accountKey, Boolean(accountKey));
  if (meeting.error) return children;
  if (!account.data && !account.error) return <Loading />;
  if (isClerk(account.data?.myRoles))
    return <Navigate to={`/meetings/${shortCode}/check-in`} replace />;
  return children;
}
