import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../hooks/useSession';
import { safeNext, SignInForm } from './SignInForm';

export function SignInPage() {
  const { session } = useSession();
  const [searchParams] = useSearchParams();
  // already signed in (this browser's session, or the back button): go where the form would have
  if (session)
    return <Navigate to={safeNext(searchParams.get('next'))} replace />;
  return <SignInForm />;
}
