import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../hooks/useSession';
import { SignInForm } from './SignInForm';

export function SignInPage() {
  const { session } = useSession();
  const [searchParams] = useSearchParams();
  // already signed in (a reload, or the back button): go where the form would have
  if (session && !searchParams.get('next'))
    return <Navigate to="/accounts" replace />;
  return <SignInForm />;
}
