import type { MailDelivery } from '@livevote/contracts';
import { useTranslation } from 'react-i18next';
import { useZonedTime } from '../../../i18n/use-language';

/**
 * What the mail server said of the last invite or link: when it went, or that it bounced
 * (the address is wrong) or failed (try again), with the server's words on hover and for
 * screen readers.
 */
export function DeliveryStatus({
  delivery,
  kind,
}: {
  delivery: MailDelivery | null;
  kind: 'invite' | 'link';
}) {
  const { t } = useTranslation();
  const at = useZonedTime();
  if (!delivery)
    return <span className="muted small">{t(`delivery.${kind}.never`)}</span>;
  const text = t(`delivery.${kind}.${delivery.status}`, {
    at: at(delivery.at),
  });
  if (delivery.status === 'sent')
    return <span className="muted small">{text}</span>;
  return (
    <span className="small delivery-problem" data-status={delivery.status}>
      {text}
      {delivery.detail && (
        <span className="delivery-detail"> ({delivery.detail})</span>
      )}
    </span>
  );
}
