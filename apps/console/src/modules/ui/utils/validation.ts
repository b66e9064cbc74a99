import type { TFunction } from 'i18next';

/** What a failed zod parse holds that we read (zod 4 issues). */
export interface Issue {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  expected?: string;
  format?: string;
}

export interface IssueList {
  issues: readonly Issue[];
}

/** A form's fields by their name in the request (first path segment), as its labels say them. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * The English words libs/contracts gives its own checks (refinements, patterns), and the
 * catalog key that says each in the console's language.
 */
const RULES: Readonly<Record<string, string>> = {
  'at most 6 decimals': 'forms.problem.decimals',
  'At most 6 decimals.': 'forms.problem.decimals',
  'letters, digits and hyphens only': 'forms.problem.controlNumber',
  'no commas, semicolons or colons': 'forms.problem.tagCharacters',
  '"all" is reserved': 'forms.problem.tagAll',
  'An IANA time zone such as America/Toronto.': 'forms.problem.timeZone',
};

const DUPLICATE = /^Duplicate value "(.*)"\.$/s;

/** What is wrong with a field, in the console's language ("invalid address"). */
export function problemOf(
  issue: Issue,
  t: TFunction,
  number: (value: number) => string,
): string {
  const count = Number(issue.minimum ?? issue.maximum ?? 0);
  const n = number(count);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string')
        return count <= 1
          ? t('forms.problem.required')
          : t('forms.problem.shortText', { count, n });
      if (issue.origin === 'array')
        return t('forms.problem.fewItems', { count, n });
      return issue.inclusive === false
        ? t('forms.problem.above', { n })
        : t('forms.problem.atLeast', { n });
    case 'too_big':
      if (issue.origin === 'string')
        return t('forms.problem.longText', { count, n });
      if (issue.origin === 'array')
        return t('forms.problem.manyItems', { count, n });
      return issue.inclusive === false
        ? t('forms.problem.below', { n })
        : t('forms.problem.atMost', { n });
    case 'invalid_type':
      if (issue.expected === 'int') return t('forms.problem.wholeNumber');
      if (issue.expected === 'number') return t('forms.problem.number');
      return t('forms.problem.invalid');
    case 'invalid_format':
      if (issue.format === 'email') return t('forms.problem.email');
      if (issue.format === 'datetime') return t('forms.problem.dateTime');
      break;
    case 'invalid_value':
      return t('forms.problem.choice');
  }
  return ruleProblem(issue.message, t) ?? t('forms.problem.invalid');
}

/** A contract's own words for a check (a refinement, a pattern) in the console's language. */
function ruleProblem(
  message: string | undefined,
  t: TFunction,
): string | undefined {
  if (message === undefined) return undefined;
  const rule = RULES[message];
  if (rule) return t(rule);
  const duplicate = DUPLICATE.exec(message);
  if (duplicate) return t('forms.problem.duplicate', { value: duplicate[1] });
  return undefined;
}

/**
 * The first problem of a failed zod parse, in the console's language: the field's label as
 * the form shows it, then what is wrong ("Voter e-mail: invalid address").
 */
export function describeIssues(
  error: IssueList,
  t: TFunction,
  number: (value: number) => string,
  labels: FieldLabels = {},
): string {
  const issue = error.issues[0];
  if (!issue) return t('forms.invalid');
  const problem = problemOf(issue, t, number);
  const name = issue.path.find((part) => typeof part === 'string');
  if (name === undefined) return problem;
  const field = labels[name] ?? issue.path.map(String).join('.');
  return t('forms.issue', { field, problem });
}
