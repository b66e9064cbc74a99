interface IssueList {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The first problem of a failed zod parse, as "field: message". */
export function describeIssues(error: IssueList): string {
  const issue = error.issues[0];
  if (!issue) return 'The form is not valid.';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
