import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http-client';
import { AnswerShapeError } from '../../../api/route';

/**
 * A failed request in words a person can act on, in the console's language: the gateway's
 * own `detail` as it comes (docs/i18n.md), else our own fallback.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      // its message is the gateway's detail, else its title, else the status (http-client.ts)
      if (error instanceof ApiError) return error.message;
      if (error instanceof AnswerShapeError) return error.message;
      if (error instanceof Error && error.name === 'AbortError')
        return t('common.error.cancelled');
      return t('common.error.unreachable');
    },
    [t],
  );
}
