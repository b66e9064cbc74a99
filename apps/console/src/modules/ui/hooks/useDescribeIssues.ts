import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';
import {
  describeIssues,
  type FieldLabels,
  type IssueList,
} from '../utils/validation';

/** A form's own check before it sends, in the console's language (docs/i18n.md). */
export function useDescribeIssues(): (
  error: IssueList,
  labels: FieldLabels,
) => string {
  const { t } = useTranslation();
  const number = useNumber();
  return useCallback(
    (error: IssueList, labels: FieldLabels) =>
      describeIssues(error, t, (value) => number(value, 0), labels),
    [t, number],
  );
}
