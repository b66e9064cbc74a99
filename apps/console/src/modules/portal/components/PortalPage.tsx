import { useParams } from 'react-router';
import { LiveChannelProvider } from '../../../api/live/LiveChannelProvider';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { formatDateTime } from '../../ui/utils/format';
import { usePortalEntry } from '../hooks/usePortalEntry';
import { usePortalSession } from '../hooks/usePortalSession';
import { PortalEntryForm } from './PortalEntryForm';
import { VoterHome } from './VoterHome';

/** `/vote/:shortCode`: the voter portal, phone first. */
export function PortalPage() {
  const { shortCode = '' } = useParams();
  const { session, joining, inviteError, register, signOut } =
    usePortalSession(shortCode);
  const entry = usePortalEntry(shortCode, !session);

  if (session) {
    return (
      <LiveChannelProvider shortCode={shortCode} token={session.voterToken}>
        <VoterHome
          shortCode={shortCode}
          session={session}
          onSignOut={signOut}
        />
      </LiveChannelProvider>
    );
  }
  return (
    <div className="portal">
      <header className="portal-top">
        <h1>{entry.data?.name ?? 'Meeting portal'}</h1>
        {entry.data && (
          <p>
            {formatDateTime(entry.data.meetingDate, entry.data.meetingTimezone)}
          </p>
        )}
      </header>
      <main className="portal-body">
        {joining ? (
          <Loading label="Opening your personal link…" />
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
