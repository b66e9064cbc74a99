import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../hooks/useSession';

/** Renders its children for a signed-in manager; sends anyone else to sign in first. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { session, resuming } = useSession();
  const { t } = useTranslation();
  const location = useLocation();
  // a new tab first tries the browser's session cookie
  if (!session && resuming)
    return (
      <p role="status" className="panel narrow">
        {t('signIn.resuming')}
      </p>
    );
  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/signin?next=${encodeURIComponent(next)}`} replace />;
  }
  return children;
}
