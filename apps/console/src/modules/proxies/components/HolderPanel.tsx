import type { ProxyHolderSummary } from '@livevote/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumber } from '../../../i18n/use-language';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import {
  useCastForDefaultHolder,
  useDefaultHolderView,
  useProxyHolders,
  useSetHolderPresence,
} from '../hooks/useProxies';
import { HolderMatters } from './HolderMatters';
import { holdingSummary } from './HolderPage';

/**
 * The control room's proxy holders: who is checked in (the quorum may ask for it), and the
 * votes of the default holders, which the chair casts for them.
 */
export function HolderPanel({ shortCode }: { shortCode: string }) {
  const { t } = useTranslation();
  const number = useNumber();
  const id = useId();
  const holders = useProxyHolders(shortCode, 5000);
  const presence = useSetHolderPresence(shortCode);
  const [voting, setVoting] = useState<string>();
  if (!holders.data?.length) return null;

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('proxiesStaff.holders.title')}</h3>
      <ErrorMessage error={holders.error ?? presence.error} />
      <ul className="pick-list" aria-label={t('proxiesStaff.holders.title')}>
        {holders.data.map((holder) => (
          <li
            key={holder.key}
            className="pick-row"
            data-present={holder.present}
          >
            <span>
              <span className="pick-title">
                {holder.name}
                {holder.isDefault && (
                  <span className="muted small">
                    {' '}
                    {t('proxiesStaff.isDefault')}
                  </span>
                )}
              </span>
              <span className="pick-meta">
                {t('proxiesStaff.holders.counts', {
                  proxies: t('holder.proxies', {
                    count: holder.proxies,
                    n: number(holder.proxies),
                  }),
                  shares: t('holder.shares', {
                    count: holder.shares,
                    n: number(holder.shares),
                  }),
                })}
              </span>
            </span>
            <label className="ballot-option">
              <input
                type="checkbox"
                aria-label={t('proxiesStaff.holders.presentLabel', {
                  name: holder.name,
                })}
                checked={holder.present}
                disabled={presence.isPending}
                onChange={(event) =>
                  presence.mutate({
                    holderKey: holder.key,
                    present: event.target.checked,
                  })
                }
              />
              {t('proxiesStaff.holders.present')}
            </label>
            {holder.isDefault && holder.proxies > 0 && (
              <button
                type="button"
                className="secondary"
                aria-expanded={voting === holder.key}
                onClick={() =>
                  setVoting(voting === holder.key ? undefined : holder.key)
                }
              >
                {t('proxiesStaff.holders.voteFor', { name: holder.name })}
              </button>
            )}
          </li>
        ))}
      </ul>
      {voting && (
        <DefaultHolderVotes
          shortCode={shortCode}
          holder={holders.data.find((h) => h.key === voting)!}
        />
      )}
    </section>
  );
}

function DefaultHolderVotes({
  shortCode,
  holder,
}: {
  shortCode: string;
  holder: ProxyHolderSummary;
}) {
  const { t } = useTranslation();
  const number = useNumber();
  const view = useDefaultHolderView(shortCode, holder.key);
  const cast = useCastForDefaultHolder(shortCode, holder.key);
  return (
    <section
      className="stack-small"
      aria-label={t('proxiesStaff.holders.votesOf', { name: holder.name })}
    >
      <ErrorMessage error={view.error} />
      {view.data && (
        <>
          <p>{holdingSummary(t, number, view.data, holder.name)}</p>
          <HolderMatters
            matters={view.data.matters.filter((m) => m.liveStatus === 'live')}
            casting={
              cast.isPending || cast.error
                ? cast.variables?.matterKey
                : undefined
            }
            error={cast.error}
            onCast={(matterKey, split) => cast.mutate({ matterKey, split })}
          />
        </>
      )}
    </section>
  );
}
