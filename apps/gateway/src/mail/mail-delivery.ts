import type { MailDelivery } from '@livevote/contracts';
import type { MailDeliveryStatus } from '../database/schema';

/** The longest server answer kept beside a voter or holder: enough to read, not a log. */
const DETAIL_MAX = 300;

/**
 * What a send's failure says about the address: `bounced` when the server refused the
 * recipient for good (an SMTP 5xx reply), `failed` otherwise (not reached, a 4xx: worth a
 * retry). A bounce reported later by mail to the sender is not seen here (docs/mail.md).
 */
export function failedDelivery(error: unknown): {
  status: Exclude<MailDeliveryStatus, 'sent'>;
  detail: string;
} {
  const { responseCode, response, message } = (error ?? {}) as {
    responseCode?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const permanent =
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600;
  const words =
    typeof response === 'string' && response
      ? response
      : typeof message === 'string'
        ? message
        : 'Unknown error';
  return {
    status: permanent ? 'bounced' : 'failed',
    detail: words.replace(/\s+/g, ' ').trim().slice(0, DETAIL_MAX),
  };
}

/** A row's last delivery, or null when nothing was ever tried. */
export function mapMailDelivery(
  status: MailDeliveryStatus | null,
  at: Date | null,
  detail: string | null,
): MailDelivery | null {
  if (!status || !at) return null;
  return {
    status,
    at: at.toISOString(),
    detail: status === 'sent' ? null : detail,
  };
}
