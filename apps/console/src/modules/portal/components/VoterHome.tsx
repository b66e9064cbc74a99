import type { PortalSessionResponse } from '@livevote/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  useLiveMatters,
  useServerClockOffset,
} from '../../../api/live/use-live';
import { queryKeys } from '../../../api/query-keys';
import { ConnectionBanner } from '../../live/components/ConnectionBanner';
import { ProxyPanel } from '../../proxies/components/ProxyPanel';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { MeetingZone } from '../../../i18n/meeting-zone';
import { useZonedTime } from '../../../i18n/use-language';
import { usePortalMeeting } from '../hooks/usePortalMeeting';
import { mergeMatters } from '../utils/merge-matters';
import { MatterCard } from './MatterCard';

export interface VoterHomeProps {
  shortCode: string;
  session: PortalSessionResponse;
  onSignOut: () => void;
}

/** The voter's page: the open vote appears by itself when the chair starts it. */
export function VoterHome({ shortCode, session, onSignOut }: VoterHomeProps) {
  const { voter, member, voterToken } = session;
  const queryClient = useQueryClient();
  const portal = usePortalMeeting(shortCode, voter.voterKey, voterToken);
  const at = useZonedTime(portal.data?.meetingTimezone);
  const live = useLiveMatters();
  const offsetMs = useServerClockOffset();
  const { matters, missing } = mergeMatters(portal.data?.matters ?? [], live);

  const missingKey = missing.join(',');
  useEffect(() => {
    if (missingKey)
      void queryClient.invalidateQueries({
        queryKey: queryKeys.portalMeeting(shortCode, voter.voterKey),
      });
  }, [missingKey, queryClient, shortCode, voter.voterKey]);

  const meeting = portal.data;
  const expiry = meeting?.expiryDate ? Date.parse(meeting.expiryDate) : 0;
  const earlyOpen = expiry > Date.now() + offsetMs;
  const open = matters.filter((m) => m.liveStatus === 'live');
  const early = earlyOpen
    ? matters.filter((m) => m.liveStatus === 'pending' && m.allowProxyVote)
    : [];
  const closed = matters.filter((m) => m.liveStatus === 'closed');
  const target = { shortCode, voterKey: voter.voterKey, voterToken };

  return (
    <MeetingZone timeZone={meeting?.meetingTimezone}>
      <div className="portal">
        <header className="portal-top">
          <h1>{meeting?.name ?? 'Meeting'}</h1>
          {meeting && (
            <p>
              {at(meeting.meetingDate)}
              {meeting.location ? ` · ${meeting.location}` : ''}
            </p>
          )}
          <p className="portal-who">
            {voter.name}, unit {member.unit}{' '}
            <button type="button" className="link" onClick={onSignOut}>
              Sign out
            </button>
          </p>
        </header>
        <main className="portal-body">
          <ConnectionBanner />
          <ErrorMessage error={portal.error} />
          {portal.isPending && <Loading />}
          <p className="sr-only" role="status" aria-live="polite">
            {open.length
              ? `Voting is open: ${open.map((m) => m.name).join(', ')}.`
              : 'No vote is open right now.'}
          </p>

          <section aria-labelledby="vote-now" className="portal-section">
            <h2 id="vote-now">Vote now</h2>
            {open.length === 0 ? (
              <p className="waiting">
                No vote is open right now. This page updates by itself when the
                chair opens one.
              </p>
            ) : (
              open.map((matter) => (
                <MatterCard
                  key={matter.matterKey}
                  matter={matter}
                  mode="live"
                  target={target}
                />
              ))
            )}
          </section>

          {early.length > 0 && meeting?.expiryDate && (
            <section aria-labelledby="early" className="portal-section">
              <h2 id="early">Early voting</h2>
              <p className="hint">
                You can vote ahead of the meeting until {at(meeting.expiryDate)}
                . A vote during the meeting replaces it.
              </p>
              {early.map((matter) => (
                <MatterCard
                  key={matter.matterKey}
                  matter={matter}
                  mode="early"
                  target={target}
                />
              ))}
            </section>
          )}

          <ProxyPanel target={target} />

          {closed.length > 0 && (
            <section aria-labelledby="closed" className="portal-section">
              <h2 id="closed">Closed</h2>
              {closed.map((matter) => (
                <MatterCard
                  key={matter.matterKey}
                  matter={matter}
                  mode="closed"
                  target={target}
                />
              ))}
            </section>
          )}
        </main>
      </div>
    </MeetingZone>
  );
}
