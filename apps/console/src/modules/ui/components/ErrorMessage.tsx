import { useErrorText } from '../hooks/useErrorText';
import { Alert } from './Alert';

/** The message of a failed request, or nothing. */
export function ErrorMessage({ error }: { error: unknown }) {
  const text = useErrorText();
  if (!error) return null;
  return <Alert>{text(error)}</Alert>;
}
