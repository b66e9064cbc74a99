import type { MatterActionRequest } from '@livevote/contracts';
import { useMutation } from '@tanstack/react-query';
import { useManagerApi } from '../../auth/hooks/useSession';

/** Start, extend or stop a matter; the new state arrives on the live channel. */
export function useMatterAction(shortCode: string, matterKey: string) {
  const api = useManagerApi();
  return useMutation({
    mutationKey: ['matter-action', shortCode, matterKey],
    mutationFn: (request: MatterActionRequest) =>
      api.matterAction(shortCode, matterKey, request),
  });
}
