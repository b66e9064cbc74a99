import { useParams } from 'react-router';
import { LiveChannelProvider } from '../../../api/live/LiveChannelProvider';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { usePortalEntry } from '../hooks/usePortalEntry';
import { usePortalSession } from '../hooks/usePortalSession';
import { PortalEntryForm } from './PortalEntryForm';
import { VoterHome } from './VoterHome';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../i18n/LanguageSwitcher';
import { formatInZone } from '@livevote/i18n';
import { useLanguage } from '../../../i18n/use-language';

/** `/vote/:shortCode`: the voter portal, phone first. */
export function PortalPage() {
  const { t } = useTranslation();
  const { shortCode = '' } = useParams();
  const { session, joining, inviteError, register, signOut, voterChanged } =
    usePortalSession(shortCode);
  const entry = usePortalEntry(shortCode, !session);
  const lng = useLanguage();
  const at = (instant: string, zone: string) =>
    formatInZone(instant, zone, lng);

  if (session) {
    return (
      <LiveChannelProvider shortCode={shortCode} token={session.voterToken}>
        <VoterHome
          shortCode={shortCode}
          session={session}
          onSignOut={signOut}
          onVoterChange={voterChanged}
        />
      </LiveChannelProvider>
    );
  }
  return (
    <div className="portal">
      <header className="portal-top">
        <h1>{entry.data?.name ?? t('portal.title')}</h1>
        {entry.data && (
          <p>{at(entry.data.meetingDate, entry.data.meetingTimezone)}</p>
        )}
        <LanguageSwitcher />
      </header>
      <main className="portal-body">
        {joining ? (
          <Loading label={t('portal.opening')} />
        ) : (
          <>
            <ErrorMessage error={inviteError} />
            <PortalEntryForm register={register} />
          </>
        )}
      </main>
    </div>
  );
}
