import type { HolderSessionResponse, HolderView } from '@livevote/contracts';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { countOf } from '../../ui/utils/format';
import { useZonedTime } from '../../../i18n/use-language';
import {
  useHolderCast,
  useHolderPresence,
  useHolderSession,
  useHolderView,
} from '../hooks/useHolder';
import { directionText } from '../utils/split';
import { HolderMatters } from './HolderMatters';

/** `/vote/:shortCode/holder`: a proxy holder's page, from the link in its e-mail. */
export function HolderPage() {
  const { shortCode = '' } = useParams();
  const { session, joining, error } = useHolderSession(shortCode);
  if (session) return <HolderHome shortCode={shortCode} session={session} />;
  return (
    <div className="portal">
      <header className="portal-top">
        <h1>Proxy holder</h1>
      </header>
      <main className="portal-body">
        {joining ? (
          <Loading label="Opening your personal link…" />
        ) : (
          <>
            <ErrorMessage error={error} />
            <p>Open this page with the link in the e-mail you received.</p>
          </>
        )}
      </main>
    </div>
  );
}

/** "You hold 37 proxies, 52.5 shares: 12 directed, 25 at your discretion." */
export function holdingSummary(view: HolderView, who = 'You hold'): string {
  const { totals } = view;
  return (
    `${who} ${countOf(totals.proxies, 'proxy', 'proxies')}, ` +
    `${countOf(totals.shares, 'share', 'shares')}: ` +
    `${totals.directed} directed, ${totals.discretionary} at your discretion.`
  );
}

function HolderHome({
  shortCode,
  session,
}: {
  shortCode: string;
  session: HolderSessionResponse;
}) {
  const view = useHolderView(shortCode, session);
  const at = useZonedTime(view.data?.meeting.meetingTimezone);
  const cast = useHolderCast(shortCode, session);
  const presence = useHolderPresence(shortCode, session);
  const data = view.data;

  return (
    <div className="portal">
      <header className="portal-top">
        <h1>{data?.meeting.name ?? 'Meeting'}</h1>
        {data && <p>{at(data.meeting.meetingDate)}</p>}
        <p className="portal-who">Proxy holder: {session.holder.name}</p>
      </header>
      <main className="portal-body">
        <ErrorMessage error={view.error ?? presence.error} />
        {!data && view.isPending && <Loading />}
        {data && (
          <>
            <section className="portal-section" aria-labelledby="holding">
              <h2 id="holding">Your proxies</h2>
              <p className="figure-detail" data-proxies={data.totals.proxies}>
                {holdingSummary(data)}
              </p>
              <button
                type="button"
                className={data.holder.present ? 'primary' : 'secondary'}
                aria-pressed={data.holder.present}
                disabled={presence.isPending}
                onClick={() => presence.mutate(!data.holder.present)}
              >
                {data.holder.present
                  ? 'You are checked in'
                  : 'Check in: I am attending'}
              </button>
              <details>
                <summary>The units you hold</summary>
                <ul className="voter-list">
                  {data.proxies.map((proxy) => (
                    <li key={proxy.key}>
                      Unit {proxy.unit} (
                      {countOf(proxy.shares, 'share', 'shares')}
                      ):{' '}
                      {proxy.directions
                        .map((d) => {
                          const matter = data.matters.find(
                            (m) => m.matterKey === d.matterKey,
                          );
                          return `${matter?.name ?? 'a matter'}: ${directionText(d.choices)}`;
                        })
                        .join('; ')}
                    </li>
                  ))}
                </ul>
              </details>
            </section>
            <section className="portal-section" aria-labelledby="matters">
              <h2 id="matters">Matters</h2>
              <HolderMatters
                matters={data.matters}
                casting={
                  cast.isPending || cast.error
                    ? cast.variables?.matterKey
                    : undefined
                }
                error={cast.error}
                onCast={(matterKey, split) => cast.mutate({ matterKey, split })}
              />
            </section>
          </>
        )}
      </main>
    </div>
  );
}
