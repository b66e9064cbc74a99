import { PROXY_STATUSES, type ProxyStatus } from '@livevote/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useNumber } from '../../../i18n/use-language';
import { useAllMembers } from '../../live/hooks/useAllMembers';
import { useMatters } from '../../matters/hooks/useMatters';
import {
  useMeetingSettings,
  useMeetingStats,
} from '../../meetings/hooks/useMeetings';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useProxies, useProxyHolders } from '../hooks/useProxies';
import { HolderLinks } from './HolderLinks';
import { PaperProxyForm } from './PaperProxyForm';
import { ProxyList } from './ProxyList';

/** Meeting set-up: the proxies received, their verification, and paper proxies. */
export function ProxiesPage() {
  const { t } = useTranslation();
  const number = useNumber();
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
        <section className="figures-row" aria-label={t('proxiesStaff.counts')}>
          <Figure
            label={t('proxiesStaff.standing')}
            value={stats.data.totalProxies}
          >
            {t('live.shares', {
              count: stats.data.totalProxiesShares,
              n: number(stats.data.totalProxiesShares),
            })}
          </Figure>
          <Figure
            label={t('proxiesStaff.verified')}
            value={stats.data.verifiedProxyCount}
          />
          <Figure
            label={t('proxiesStaff.toVerify')}
            value={stats.data.unverifiedProxyCount}
          />
          <Figure
            label={t('proxiesStaff.online')}
            value={stats.data.totalElectronicProxies}
          >
            {t('proxiesStaff.onPaper', {
              n: number(stats.data.totalPaperProxies),
            })}
          </Figure>
        </section>
      )}
      <section className="panel" aria-labelledby={`${id}-list`}>
        <div className="panel-head">
          <h3 id={`${id}-list`}>{t('proxiesStaff.title')}</h3>
          <div className="filters">
            <div className="field">
              <label htmlFor={`${id}-status`}>{t('proxiesStaff.status')}</label>
              <select
                id={`${id}-status`}
                value={status}
                onChange={(event) =>
                  setStatus(event.target.value as ProxyStatus | '')
                }
              >
                <option value="">{t('proxiesStaff.all')}</option>
                {PROXY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`proxiesStaff.statusName.${s}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-holder`}>{t('proxiesStaff.holder')}</label>
              <select
                id={`${id}-holder`}
                value={holder}
                onChange={(event) => setHolder(event.target.value)}
              >
                <option value="">{t('proxiesStaff.all')}</option>
                {holders.data?.map((h) => (
                  <option key={h.key} value={h.key}>
                    {t('proxiesStaff.holderOption', {
                      name: h.name,
                      n: number(h.proxies),
                    })}
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
      {holders.data && (
        <HolderLinks shortCode={shortCode} holders={holders.data} />
      )}
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
  const number = useNumber();
  return (
    <section className="figure-card" aria-label={label}>
      <h3>{label}</h3>
      <p className="figure">{number(value)}</p>
      {children && <p className="figure-detail">{children}</p>}
    </section>
  );
}
