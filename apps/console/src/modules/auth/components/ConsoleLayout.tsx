import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../../i18n/LanguageSwitcher';
import { useSession } from '../hooks/useSession';

/** The managers' pages: a header with who is signed in, and the page. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('consoleHeader.skip')}
      </a>
      <header className="app-header">
        <h1>
          <Link to={session ? '/accounts' : '/signin'}>LiveVote console</Link>
        </h1>
        <LanguageSwitcher />
        {session && (
          <div className="app-user">
            <span>{session.username}</span>
            <Link className="inverse" to="/two-step">
              {t('twoStep.link')}
            </Link>
            <button
              type="button"
              className="link inverse"
              onClick={() => {
                signOut();
                void navigate('/signin');
              }}
            >
              {t('portal.signOut')}
            </button>
          </div>
        )}
      </header>
      <main className="app-main" id="main">
        <Outlet />
      </main>
    </>
  );
}
