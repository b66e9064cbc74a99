import type { PortalSessionResponse, PortalVoter } from '@livevote/contracts';
import type { Language } from '@livevote/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLiveMatters,
  useServerClockOffset,
} from '../../../api/live/use-live';
import { portalApi } from '../../../api/portal-api';
import { queryKeys } from '../../../api/query-keys';
import { LanguageSwitcher } from '../../../i18n/LanguageSwitcher';
import { MeetingZone } from '../../../i18n/meeting-zone';
import {
  useChosenLanguage,
  useLanguage,
  useZonedTime,
} from '../../../i18n/use-language';
import { CheckInCodePanel } from '../../check-in/components/CheckInCodePanel';
import { RsvpPanel } from '../../check-in/components/RsvpPanel';
import { PortalDocuments } from '../../documents/components/PortalDocuments';
import { ConnectionBanner } from '../../live/components/ConnectionBanner';
import { VoteAnnouncer } from '../../live/components/VoteAnnouncer';
import { NominatePanel } from '../../nominations/components/NominatePanel';
import { ProxyPanel } from '../../proxies/components/ProxyPanel';
import { AskQuestionPanel } from '../../questions/components/AskQuestionPanel';
import { ReceiptsSection } from '../../verifiability/components/ReceiptsSection';
import { PortalVideoPanel } from '../../webcast/components/PortalVideoPanel';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { usePortalMeeting } from '../hooks/usePortalMeeting';
import { showsEarlyVoting } from '../utils/early-voting';
import { mergeMatters } from '../utils/merge-matters';
import { MatterCard } from './MatterCard';

export interface VoterHomeProps {
  shortCode: string;
  session: PortalSessionResponse;
  onSignOut: () => void;
  onVoterChange?: (voter: PortalVoter) => void;
}

/** The voter's page: the open vote appears by itself when the chair starts it. */
export function VoterHome({
  shortCode,
  session,
  onSignOut,
  onVoterChange,
}: VoterHomeProps) {
  const { t } = useTranslation();
  const { voter, member, voterToken } = session;
  const queryClient = useQueryClient();
  const lng = useLanguage();
  const portal = usePortalMeeting(shortCode, voter.voterKey, voterToken, lng);
  const meeting = portal.data;
  // the voter's own choice, else the browser's, else the meeting's primary (docs/i18n.md);
  // `language` is answered even when none was chosen, `languageChosen` tells which
  useChosenLanguage({
    preference: voter.languageChosen ? voter.language : null,
    meeting: meeting?.languages[0],
  });
  const saveLanguage = useMutation({
    mutationFn: (language: Language) =>
      portalApi.updateVoter(shortCode, { language }, voterToken),
    onSuccess: (next) => {
      onVoterChange?.(next);
      // the meeting's texts come in the voter's language: ask once it is saved
      void queryClient.invalidateQueries({
        queryKey: queryKeys.portalMeeting(shortCode, voter.voterKey),
      });
    },
  });
  const at = useZonedTime(meeting?.meetingTimezone);
  const live = useLiveMatters();
  const offsetMs = useServerClockOffset();
  // live updates read in the page's language, the one the portal answer is asked in
  const { matters, missing } = mergeMatters(meeting?.matters ?? [], live, lng);

  const missingKey = missing.join(',');
  useEffect(() => {
    if (missingKey)
      void queryClient.invalidateQueries({
        queryKey: queryKeys.portalMeeting(shortCode, voter.voterKey),
      });
  }, [missingKey, queryClient, shortCode, voter.voterKey]);

  const earlyOpen =
    meeting !== undefined &&
    showsEarlyVoting(meeting, matters, new Date(Date.now() + offsetMs));
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
          <h1>{meeting?.name ?? t('portal.meeting')}</h1>
          {meeting && (
            <p>
              {at(meeting.meetingDate)}
              {meeting.location ? ` · ${meeting.location}` : ''}
            </p>
          )}
          <p className="portal-who">
            {t('portal.who', { name: voter.name, unit: member.unit })}{' '}
            <button type="button" className="link" onClick={onSignOut}>
              {t('portal.signOut')}
            </button>
          </p>
          <LanguageSwitcher onChange={(lng) => saveLanguage.mutate(lng)} />
        </header>
        <main className="portal-body">
          <ConnectionBanner />
          <ErrorMessage error={portal.error ?? saveLanguage.error} />
          {portal.isPending && <Loading />}
          <VoteAnnouncer matters={matters} offsetMs={offsetMs} />

          <section aria-labelledby="vote-now" className="portal-section">
            <h2 id="vote-now">{t('portal.voteNow')}</h2>
            {open.length === 0 ? (
              <p className="waiting">{t('portal.waiting')}</p>
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

          {early.length > 0 && meeting && (
            <section aria-labelledby="early" className="portal-section">
              <h2 id="early">{t('portal.early')}</h2>
              <p className="hint">
                {t('portal.earlyHint', {
                  when: at(meeting.expiryDate ?? meeting.meetingDate),
                })}
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

          <PortalVideoPanel target={target} />
          <RsvpPanel target={target} />
          <CheckInCodePanel target={target} />
          <ProxyPanel
            target={target}
            texts={new Map(matters.map((matter) => [matter.matterKey, matter]))}
          />
          <PortalDocuments target={target} />
          {meeting && (
            <NominatePanel
              target={target}
              deadline={meeting.nominationExpiryDate}
              timeZone={meeting.meetingTimezone}
            />
          )}

          <AskQuestionPanel target={target} />

          {closed.length > 0 && (
            <section aria-labelledby="closed" className="portal-section">
              <h2 id="closed">{t('portal.closed')}</h2>
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

          <ReceiptsSection
            target={target}
            names={new Map(matters.map((m) => [m.matterKey, m.name]))}
            matters={closed.map((m) => ({
              matterKey: m.matterKey,
              name: m.name,
            }))}
          />
        </main>
      </div>
    </MeetingZone>
  );
}
