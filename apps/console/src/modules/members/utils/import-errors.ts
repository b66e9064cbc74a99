import {
  ImportMembersProblem,
  type ImportLineError,
} from '@livevote/contracts';
import { ApiError } from '../../../api/http-client';

/** The line-numbered problems of a refused CSV import, or none for any other error. */
export function importLineErrors(error: unknown): ImportLineError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const parsed = ImportMembersProblem.safeParse(error.body);
  return parsed.success ? parsed.data.errors : [];
}
