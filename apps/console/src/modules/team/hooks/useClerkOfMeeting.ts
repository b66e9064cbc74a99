import { useAccount } from '../../accounts/hooks/useAccounts';
import { useMeeting } from '../../meetings/hooks/useMeetings';
import { isClerk } from '../utils/roles';

/**
 * Whether the signed-in user is a clerk of the meeting's account (docs/team.md): true or
 * false once known, undefined while the meeting and its account load. A meeting that cannot
 * be read answers false: the page shows its own error.
 */
export function useClerkOfMeeting(shortCode: string): boolean | undefined {
  const meeting = useMeeting(shortCode);
  const accountKey = meeting.data?.accountKey ?? '';
  const account = useAccount(accountKey, Boolean(accountKey));
  if (meeting.error) return false;
  if (!account.data && !account.error) return undefined;
  return isClerk(account.data?.myRoles);
}
