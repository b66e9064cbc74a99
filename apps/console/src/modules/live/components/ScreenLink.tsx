import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useScreenLink } from '../hooks/useScreenLink';
import { ScreenTokenList } from './ScreenTokenList';

/** Issues a screen link on demand (the page it opens has no controls), beside the links in use. */
export function ScreenLink({ shortCode }: { shortCode: string }) {
  const { t } = useTranslation();
  const link = useScreenLink(shortCode);
  const url = link.data
    ? `/screen/${encodeURIComponent(shortCode)}?token=${encodeURIComponent(link.data.token)}`
    : undefined;
  return (
    <div className="screen-link">
      <ErrorMessage error={link.error} />
      {url ? (
        <a
          className="button secondary"
          href={url}
          target="_blank"
          rel="noreferrer"
        >
          {t('room.openScreen')}
        </a>
      ) : (
        <button
          type="button"
          className="secondary"
          disabled={link.isPending}
          onClick={() => link.mutate()}
        >
          {t('room.screenLink')}
        </button>
      )}
      <ScreenTokenList
        shortCode={shortCode}
        currentKey={link.data?.key}
        onRevoked={(key) => {
          if (key === link.data?.key) link.reset();
        }}
      />
    </div>
  );
}
