import { errorMessage } from '../../../api/http-client';
import { Alert } from './Alert';

/** The message of a failed request, or nothing. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  return <Alert>{errorMessage(error)}</Alert>;
}
