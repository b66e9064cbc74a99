import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';

/** A file's size in the reader's language: "12.5 KB", « 12,5 Ko ». */
export function useFileSize(): (size: number) => string {
  const { t } = useTranslation();
  const number = useNumber();
  return useCallback(
    (size: number) => {
      if (size < 1024) return t('documents.bytes', { n: number(size, 0) });
      if (size < 1024 * 1024)
        return t('documents.kilobytes', { n: number(size / 1024, 1) });
      return t('documents.megabytes', { n: number(size / (1024 * 1024), 1) });
    },
    [t, number],
  );
}
