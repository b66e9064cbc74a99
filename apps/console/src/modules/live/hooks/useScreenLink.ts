import { useMutation } from '@tanstack/react-query';
import { useManagerApi } from '../../auth/hooks/useSession';

/** A read-only link for the scrutineers' big screen (valid 24 hours). */
export function useScreenLink(shortCode: string) {
  const api = useManagerApi();
  return useMutation({
    mutationFn: () => api.createScreenToken(shortCode),
  });
}
