import type { CheckInRequest, CheckInResult } from '@livevote/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLiveMeeting, useQuorum } from '../../../api/live/use-live';
import { useLanguage, useNumber } from '../../../i18n/use-language';
import { ConnectionBanner } from '../../live/components/ConnectionBanner';
import { useQuorumLine } from '../../live/hooks/useQuorumLine';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useCheckIn, useCheckInList, useCheckOut } from '../hooks/useCheckIns';
import { CheckedInList } from './CheckedInList';
import { CodeEntry } from './CodeEntry';
import { DeskSearch } from './DeskSearch';
import { ClerkOtherPage, StaffCrumbs } from '../../team/components/StaffCrumbs';
import { WalkInForm } from './WalkInForm';

/** What the last action did, in words for the registrar. */
export function outcomeText(
  t: TFunction,
  result: CheckInResult,
  checkedIn: boolean,
): string {
  const who = { name: result.voter.name, unit: result.voter.unit };
  if (!checkedIn) return t('checkIn.desk.checkedOut', who);
  if (result.alreadyCheckedIn) return t('checkIn.desk.already', who);
  const done = t('checkIn.desk.checkedInWho', who);
  return result.proxiesRevoked
    ? `${done} ${t('checkIn.desk.proxyRevoked')}`
    : done;
}

interface Outcome {
  /** For the registrar, in the console's language. */
  text: string;
  /** The same, in the voter's language when it is another, to show the voter (docs/i18n.md). */
  forVoter?: { text: string; lang: string };
}

/**
 * The check-in desk (docs/hybrid-meetings.md): a code scanned or typed, a voter found by unit
 * or name, or a walk-in by control number; who is in, counted live from every desk.
 */
export function CheckInDesk({ shortCode }: { shortCode: string }) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const meeting = useLiveMeeting();
  const quorum = useQuorum();
  const number = useNumber();
  const quorumLine = useQuorumLine();
  const list = useCheckInList(shortCode);
  const checkIn = useCheckIn(shortCode);
  const checkOut = useCheckOut(shortCode);
  const [outcome, setOutcome] = useState<Outcome>();
  const outcomeOf = (result: CheckInResult, checkedIn: boolean): Outcome => {
    const voterLanguage = result.voter.language;
    return {
      text: outcomeText(t, result, checkedIn),
      ...(voterLanguage !== lng && {
        forVoter: {
          text: outcomeText(i18n.getFixedT(voterLanguage), result, checkedIn),
          lang: voterLanguage,
        },
      }),
    };
  };

  const submit = async (body: CheckInRequest): Promise<boolean> => {
    setOutcome(undefined);
    checkOut.reset();
    try {
      setOutcome(outcomeOf(await checkIn.mutateAsync(body), true));
      return true;
    } catch {
      return false;
    }
  };
  const leave = (voterKey: string) => {
    setOutcome(undefined);
    checkIn.reset();
    checkOut.mutate(voterKey, {
      onSuccess: (result) => setOutcome(outcomeOf(result, false)),
    });
  };
  const counts = list.data?.counts;

  return (
    <div className="desk-page">
      <StaffCrumbs
        shortCode={shortCode}
        meetingName={meeting?.name ?? shortCode}
        page="checkIn"
      />
      <header className="room-header">
        <h2>{t('room.checkInDesk')}</h2>
        <ConnectionBanner />
        <ClerkOtherPage shortCode={shortCode} page="checkIn" />
      </header>
      <section aria-label={t('checkIn.desk.inTheRoom')} className="figures-row">
        <div className="figure-card">
          <span className="figure">
            {counts ? number(counts.voters, 0) : '–'}
          </span>{' '}
          {t('checkIn.desk.votersCheckedIn', {
            // not known yet: the plural form
            count: counts?.voters ?? Number.NaN,
          })}
          <span className="figure-detail">
            {t('checkIn.desk.unitsInRoom', {
              // not known yet: the plural form, with a dash
              count: counts?.units ?? Number.NaN,
              n: counts ? number(counts.units, 0) : '–',
            })}
          </span>
        </div>
        {quorum && (
          <div className={`figure-card${quorum.met ? ' good' : ''}`}>
            <span className="figure">
              {t(quorum.met ? 'live.quorumWordMet' : 'live.quorumWordNotMet')}
            </span>
            <span className="figure-detail">{quorumLine(quorum)}</span>
          </div>
        )}
      </section>

      <CodeEntry onCode={(code) => submit({ code })} busy={checkIn.isPending} />
      {outcome && (
        <Alert tone="success">
          {outcome.text}
          {outcome.forVoter && (
            <span className="for-voter" lang={outcome.forVoter.lang}>
              {' '}
              {outcome.forVoter.text}
            </span>
          )}
        </Alert>
      )}
      <ErrorMessage error={checkIn.error ?? checkOut.error} />

      <DeskSearch
        shortCode={shortCode}
        busy={checkIn.isPending || checkOut.isPending}
        onCheckIn={(voterKey) => void submit({ voterKey })}
        onCheckOut={leave}
      />
      <WalkInForm onSubmit={submit} busy={checkIn.isPending} />
      <ErrorMessage error={list.error} />
      <CheckedInList
        voters={list.data?.checkedIn ?? []}
        busy={checkOut.isPending}
        onCheckOut={leave}
      />
    </div>
  );
}
