import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';
import { useMatters } from '../../matters/hooks/useMatters';
import { notVoted, type NotVotedUnit } from '../utils/not-voted';
import { useAllMembers } from './useAllMembers';

export interface NotVotedResult {
  units?: NotVotedUnit[];
  error: unknown;
}

/**
 * Who has not voted on a matter: members and the matter's eligibility over REST, and who
 * voted (never how), fetched again whenever the live tally's vote count moves.
 */
export function useNotVoted(
  shortCode: string,
  matterKey: string,
  votesCast: number,
): NotVotedResult {
  const api = useManagerApi();
  const members = useAllMembers(shortCode);
  const matters = useMatters(shortCode);
  const voted = useQuery({
    queryKey: queryKeys.matterVoters(shortCode, matterKey, votesCast),
    queryFn: () => api.matterVoters(shortCode, matterKey),
    placeholderData: (previous) => previous,
  });
  const matter = matters.data?.find((m) => m.key === matterKey);
  const units =
    members.data && matter && voted.data
      ? notVoted(members.data, matter.eligibility, voted.data)
      : undefined;
  return { units, error: members.error ?? matters.error ?? voted.error };
}
