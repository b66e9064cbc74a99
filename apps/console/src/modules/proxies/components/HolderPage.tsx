import type { HolderSessionResponse, HolderView } from '@livevote/contracts';
import type { TFunction } from 'i18next';
import { LanguageSwitcher } from '../../../i18n/LanguageSwitcher';
import { useTranslation } from 'react-i18next';
import { directionLine } from '../utils/split';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import {
  useChosenLanguage,
  useNumber,
  useZonedTime,
} from '../../../i18n/use-language';
import {
  useHolderCast,
  useHolderPresence,
  useHolderSession,
  useHolderView,
} from '../hooks/useHolder';
import { HolderMatters } from './HolderMatters';

/** `/vote/:shortCode/holder`: a proxy holder's page, from the link in its e-mail. */
export function HolderPage() {
  const { t } = useTranslation();
  const { shortCode = '' } = useParams();
  const { session, joining, error } = useHolderSession(shortCode);
  if (session) return <HolderHome shortCode={shortCode} session={session} />;
  return (
    <div className="portal">
      <header className="portal-top">
        <h1>{t('holder.title')}</h1>
      </header>
      <main className="portal-body">
        {joining ? (
          <Loading label={t('portal.opening')} />
        ) : (
          <>
            <ErrorMessage error={error} />
            <p>{t('holder.openWithLink')}</p>
          </>
        )}
      </main>
    </div>
  );
}

/**
 * "You hold 37 proxies, 52.5 shares: 12 directed on every matter, 25 with a vote at your
 * discretion on at least one" (a proxy directed on one matter only is in the second
 * figure, and each matter gives its own split, so the two never contradict); with a holder's
 * name, "Marie holds ..." (the control room's view of a default holder).
 */
export function holdingSummary(
  t: TFunction,
  number: (value: number) => string,
  view: HolderView,
  holderName?: string,
): string {
  const { totals } = view;
  const values = {
    name: holderName,
    proxies: t('holder.proxies', {
      count: totals.proxies,
      n: number(totals.proxies),
    }),
    shares: t('holder.shares', {
      count: totals.shares,
      n: number(totals.shares),
    }),
    directed: number(totals.directed),
    discretionary: number(totals.discretionary),
  };
  return holderName
    ? t('holder.summaryOf', values)
    : t('holder.summary', values);
}

function HolderHome({
  shortCode,
  session,
}: {
  shortCode: string;
  session: HolderSessionResponse;
}) {
  const { t } = useTranslation();
  const number = useNumber();
  const view = useHolderView(shortCode, session);
  const at = useZonedTime(view.data?.meeting.meetingTimezone);
  const cast = useHolderCast(shortCode, session);
  const presence = useHolderPresence(shortCode, session);
  const data = view.data;
  // the reader's choice (the switcher below), else the browser's, else the meeting's (docs/i18n.md)
  useChosenLanguage({ meeting: data?.meeting.language });

  return (
    <div className="portal">
      <header className="portal-top">
        <h1>{data?.meeting.name ?? t('portal.meeting')}</h1>
        {data && <p>{at(data.meeting.meetingDate)}</p>}
        <p className="portal-who">
          {t('holder.who', { name: session.holder.name })}
        </p>
        <LanguageSwitcher />
      </header>
      <main className="portal-body">
        <ErrorMessage error={view.error ?? presence.error} />
        {!data && view.isPending && <Loading />}
        {data && (
          <>
            <section className="portal-section" aria-labelledby="holding">
              <h2 id="holding">{t('holder.yourProxies')}</h2>
              <p className="figure-detail" data-proxies={data.totals.proxies}>
                {holdingSummary(t, number, data)}
              </p>
              <button
                type="button"
                className={data.holder.present ? 'primary' : 'secondary'}
                aria-pressed={data.holder.present}
                disabled={presence.isPending}
                onClick={() => presence.mutate(!data.holder.present)}
              >
                {data.holder.present
                  ? t('holder.present')
                  : t('holder.checkIn')}
              </button>
              <details>
                <summary>{t('holder.units')}</summary>
                <ul className="voter-list">
                  {data.proxies.map((proxy) => (
                    <li key={proxy.key}>
                      {t('holder.unitLine', {
                        unit: proxy.unit,
                        shares: t('holder.shares', {
                          count: proxy.shares,
                          n: number(proxy.shares),
                        }),
                        directions: proxy.directions
                          .map((d) => {
                            const matter = data.matters.find(
                              (m) => m.matterKey === d.matterKey,
                            );
                            return directionLine(t, matter?.name, d, matter);
                          })
                          .join('; '),
                      })}
                    </li>
                  ))}
                </ul>
              </details>
            </section>
            <section className="portal-section" aria-labelledby="matters">
              <h2 id="matters">{t('room.matters')}</h2>
              <HolderMatters
                matters={data.matters}
                casting={
                  cast.isPending || cast.error
                    ? cast.variables?.matterKey
                    : undefined
                }
                error={cast.error}
                onCast={(matterKey, split) => cast.mutate({ matterKey, split })}
                offsetMs={Date.parse(data.serverTime) - view.dataUpdatedAt}
              />
            </section>
          </>
        )}
      </main>
    </div>
  );
}
