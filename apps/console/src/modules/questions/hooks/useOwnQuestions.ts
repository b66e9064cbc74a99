import type { AskQuestionRequest } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';
import type { VoterTarget } from '../../portal/hooks/useBallot';

/** The voter's own questions and the meeting's categories. */
export function useOwnQuestions({
  shortCode,
  voterKey,
  voterToken,
}: VoterTarget) {
  return useQuery({
    queryKey: queryKeys.ownQuestions(shortCode, voterKey),
    queryFn: () => portalApi.ownQuestions(shortCode, voterToken),
  });
}

export function useAskQuestion({
  shortCode,
  voterKey,
  voterToken,
}: VoterTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AskQuestionRequest) =>
      portalApi.askQuestion(shortCode, body, voterToken),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.ownQuestions(shortCode, voterKey),
      }),
  });
}
