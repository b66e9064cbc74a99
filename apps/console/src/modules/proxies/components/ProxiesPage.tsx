import { PROXY_STATUSES, type ProxyStatus } from '@livevote/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useAllMembers } from '../../live/hooks/useAllMembers';
import { useMatters } from '../../matters/hooks/useMatters';
import {
  useMeetingSettings,
  useMeetingStats,
} from '../../meetings/hooks/useMeetings';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { formatNumber } from '../../ui/utils/format';
import { useProxies, useProxyHolders } from '../hooks/useProxies';
import { PaperProxyForm } from './PaperProxyForm';
import { ProxyList, STATUS_LABEL } from './ProxyList';

/** Meeting set-up: the proxies received, their verification, and paper proxies. */
export function ProxiesPage() {
  const { shortCode = '' } = useParams();
  const id = useId();
  const [status, setStatus] = useState<ProxyStatus | ''>('');
  const [holder, setHolder] = useState('');
  const proxies = useProxies(shortCode, {
    status: status || undefined,
    holder: holder || undefined,
  });
  const holders = useProxyHolders(shortCode);
  const stats = useMeetingStats(shortCode);
  const matters = useMatters(shortCode);
  const members = useAllMembers(shortCode);
  const settings = useMeetingSettings(shortCode);

  return (
    <div className="stack">
      {stats.data && (
        <section className="figures-row" aria-label="Proxy counts">
          <Figure label="Standing proxies" value={stats.data.totalProxies}>
            {formatNumber(stats.data.totalProxiesShares)} shares
          </Figure>
          <Figure label="Verified" value={stats.data.verifiedProxyCount} />
          <Figure label="To verify" value={stats.data.unverifiedProxyCount} />
          <Figure label="Online" value={stats.data.totalElectronicProxies}>
            {formatNumber(stats.data.totalPaperProxies)} on paper
          </Figure>
        </section>
      )}
      <section className="panel" aria-labelledby={`${id}-list`}>
        <div className="panel-head">
          <h3 id={`${id}-list`}>Proxies</h3>
          <div className="filters">
            <div className="field">
              <label htmlFor={`${id}-status`}>Status</label>
              <select
                id={`${id}-status`}
                value={status}
                onChange={(event) =>
                  setStatus(event.target.value as ProxyStatus | '')
                }
              >
                <option value="">All</option>
                {PROXY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABEL[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-holder`}>Holder</label>
              <select
                id={`${id}-holder`}
                value={holder}
                onChange={(event) => setHolder(event.target.value)}
              >
                <option value="">All</option>
                {holders.data?.map((h) => (
                  <option key={h.key} value={h.key}>
                    {h.name} ({h.proxies})
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        <ErrorMessage error={proxies.error ?? holders.error} />
        {proxies.isPending && <Loading />}
        {proxies.data && (
          <ProxyList
            shortCode={shortCode}
            proxies={proxies.data}
            matters={matters.data ?? []}
          />
        )}
      </section>
      {members.data && matters.data && settings.data && (
        <PaperProxyForm
          shortCode={shortCode}
          members={members.data}
          matters={matters.data}
          defaultHolders={settings.data.defaultProxyHolders}
        />
      )}
    </div>
  );
}

function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: number;
  children?: ReactNode;
}) {
  return (
    <section className="figure-card" aria-label={label}>
      <h3>{label}</h3>
      <p className="figure">{formatNumber(value)}</p>
      {children && <p className="figure-detail">{children}</p>}
    </section>
  );
}
