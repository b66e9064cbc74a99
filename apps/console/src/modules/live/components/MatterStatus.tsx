import type { LiveMatter } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';

export function MatterStatus({ status }: { status: LiveMatter['liveStatus'] }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-${status}`} data-status={status}>
      {t(`live.status.${status}`)}
    </span>
  );
}
