import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../ui/components/ErrorMessage';
import { useScreenLink } from '../hooks/useScreenLink';

/** Issues a screen link on demand; the page it opens has no controls. */
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
    </div>
  );
}
