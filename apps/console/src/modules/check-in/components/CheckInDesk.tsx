import type { CheckInRequest, CheckInResult } from '@livevote/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLiveMeeting, useQuorum } from '../../../api/live/use-live';
import { ConnectionBanner } from '../../live/components/ConnectionBanner';
import { Alert } from '../../ui/components/Alert';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useCheckIn, useCheckInList, useCheckOut } from '../hooks/useCheckIns';
import { CheckedInList } from './CheckedInList';
import { CodeEntry } from './CodeEntry';
import { DeskSearch } from './DeskSearch';
import { WalkInForm } from './WalkInForm';

/** What the last action did, in words for the registrar. */
export function outcomeText(result: CheckInResult, checkedIn: boolean): string {
  const who = `${result.voter.name}, unit ${result.voter.unit}`;
  if (!checkedIn) return `Checked out: ${who}.`;
  if (result.alreadyCheckedIn) return `Already checked in: ${who}.`;
  const revoked = result.proxiesRevoked
    ? ' Their proxy is revoked: they vote themselves.'
    : '';
  return `Checked in: ${who}.${revoked}`;
}

/**
 * The check-in desk (docs/hybrid-meetings.md): a code scanned or typed, a voter found by unit
 * or name, or a walk-in by control number; who is in, counted live from every desk.
 */
export function CheckInDesk({ shortCode }: { shortCode: string }) {
  const meeting = useLiveMeeting();
  const quorum = useQuorum();
  const list = useCheckInList(shortCode);
  const checkIn = useCheckIn(shortCode);
  const checkOut = useCheckOut(shortCode);
  const [outcome, setOutcome] = useState<string>();

  const submit = async (body: CheckInRequest): Promise<boolean> => {
    setOutcome(undefined);
    checkOut.reset();
    try {
      setOutcome(outcomeText(await checkIn.mutateAsync(body), true));
      return true;
    } catch {
      return false;
    }
  };
  const leave = (voterKey: string) => {
    setOutcome(undefined);
    checkIn.reset();
    checkOut.mutate(voterKey, {
      onSuccess: (result) => setOutcome(outcomeText(result, false)),
    });
  };
  const counts = list.data?.counts;

  return (
    <div className="desk-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to={`/meetings/${shortCode}`}>{meeting?.name ?? shortCode}</Link>
        <span aria-hidden="true"> › </span>
        <Link to={`/meetings/${shortCode}/live`}>Control room</Link>
        <span aria-hidden="true"> › </span>
        <span aria-current="page">Check-in desk</span>
      </nav>
      <header className="room-header">
        <h2>Check-in desk</h2>
        <ConnectionBanner />
      </header>
      <section aria-label="In the room" className="figures-row">
        <div className="figure-card">
          <span className="figure">{counts?.voters ?? '–'}</span> voters checked
          in
          <span className="figure-detail">
            {counts?.units ?? '–'} units in the room
          </span>
        </div>
        {quorum && (
          <div className={`figure-card${quorum.met ? ' good' : ''}`}>
            <span className="figure">{quorum.met ? 'Met' : 'Not met'}</span>{' '}
            quorum
            <span className="figure-detail">
              {quorum.present} present, {quorum.proxies} by proxy,{' '}
              {quorum.required} required
            </span>
          </div>
        )}
      </section>

      <CodeEntry onCode={(code) => submit({ code })} busy={checkIn.isPending} />
      {outcome && <Alert tone="success">{outcome}</Alert>}
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
