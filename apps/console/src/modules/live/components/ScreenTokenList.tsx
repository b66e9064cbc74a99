import { useTranslation } from 'react-i18next';
import { useZonedTime } from '../../../i18n/use-language';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { Loading } from '../../ui/components/Loading';
import { useRevokeScreenToken, useScreenTokens } from '../hooks/useScreenLink';

/**
 * The meeting's screen links in use, each with who made it and when it was last seen, and a
 * way to revoke it (its screens go dark at once, docs/console.md).
 */
export function ScreenTokenList({
  shortCode,
  currentKey,
  onRevoked,
}: {
  shortCode: string;
  /** The link this page made, if any: marked in the list. */
  currentKey?: string;
  onRevoked?: (key: string) => void;
}) {
  const { t } = useTranslation();
  const at = useZonedTime();
  const tokens = useScreenTokens(shortCode);
  const revoke = useRevokeScreenToken(shortCode);
  const list = tokens.data ?? [];
  const title = t('room.screenTokens.title');

  return (
    <details className="screen-tokens">
      <summary>
        {title} {tokens.data ? `(${list.length})` : ''}
      </summary>
      <ErrorMessage error={tokens.error ?? revoke.error} />
      {tokens.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <p className="muted">{t('room.screenTokens.none')}</p>
      ) : (
        <ul aria-label={title}>
          {list.map((token) => {
            const made = { by: token.createdBy, at: at(token.createdAt) };
            return (
              <li key={token.key}>
                <span>{t('room.screenTokens.item', made)}</span>{' '}
                <span className="muted">
                  {[
                    t('room.screenTokens.until', { at: at(token.expiresAt) }),
                    token.lastSeenAt
                      ? t('room.screenTokens.seen', {
                          at: at(token.lastSeenAt),
                        })
                      : t('room.screenTokens.neverSeen'),
                    ...(token.key === currentKey
                      ? [t('room.screenTokens.yours')]
                      : []),
                  ].join(' · ')}
                </span>{' '}
                <button
                  type="button"
                  className="secondary danger"
                  aria-label={t('room.screenTokens.revokeLabel', made)}
                  disabled={revoke.isPending}
                  onClick={() => {
                    if (window.confirm(t('room.screenTokens.confirmRevoke')))
                      revoke.mutate(token.key, {
                        onSuccess: () => onRevoked?.(token.key),
                      });
                  }}
                >
                  {t('room.screenTokens.revoke')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </details>
  );
}
