import type { ModerateQuestionRequest, Question } from '@livevote/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useManagerApi } from '../../auth/hooks/useSession';
import { upsertQuestion, withoutQuestion } from '../utils/questions';

/** The meeting's whole question queue (filtered on screen, not on the server). */
export function useQuestions(shortCode: string) {
  const api = useManagerApi();
  return useQuery({
    queryKey: queryKeys.questions(shortCode),
    queryFn: () => api.listQuestions(shortCode),
  });
}

/** Puts a question as it now stands into the cached queue (from an answer or a live event). */
export function useStoreQuestion(shortCode: string) {
  const queryClient = useQueryClient();
  return (question: Question) =>
    queryClient.setQueryData<Question[]>(
      queryKeys.questions(shortCode),
      (list) => upsertQuestion(list, question),
    );
}

/** Takes a question out of the cached queue (a live `question.removed`). */
export function useDropQuestion(shortCode: string) {
  const queryClient = useQueryClient();
  return (questionKey: string) =>
    queryClient.setQueryData<Question[]>(
      queryKeys.questions(shortCode),
      (list) => withoutQuestion(list, questionKey),
    );
}

export function useModerateQuestion(shortCode: string) {
  const api = useManagerApi();
  const store = useStoreQuestion(shortCode);
  return useMutation({
    mutationFn: ({
      questionKey,
      body,
    }: {
      questionKey: string;
      body: ModerateQuestionRequest;
    }) => api.moderateQuestion(shortCode, questionKey, body),
    onSuccess: store,
  });
}
