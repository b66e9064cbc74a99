import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';

/** Units shown a page. */
export const NOT_VOTED_PAGE = 50;

/**
 * One page of the units that have not voted on a matter, searched and paged by the gateway
 * (`GET .../matters/{matterKey}/not-voted`), fetched again whenever the live tally's vote
 * count moves. Never how anyone voted.
 */
export function useNotVoted(
  shortCode: string,
  matterKey: string,
  votesCast: number,
  searchText: string,
  page: number,
) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.notVoted(
      shortCode,
      matterKey,
      votesCast,
      searchText,
      page,
    ),
    queryFn: () =>
      api.notVoted(shortCode, matterKey, {
        searchText,
        page,
        size: NOT_VOTED_PAGE,
      }),
    placeholderData: keepPreviousData,
  });
}
