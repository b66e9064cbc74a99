import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  WebcastWebhooks,
  type SignedRequest,
  type WebcastEvent,
  type WebhookOutcome,
} from './webcast-webhooks';

/** A delivery signed longer ago than this (either way) is refused: a replay, or a wrong clock. */
export const ZOOM_SIGNATURE_TOLERANCE_MS = 5 * 60_000;

const CHANGES: Record<string, WebcastEvent['change']> = {
  'webinar.started': 'started',
  'meeting.started': 'started',
  'webinar.ended': 'ended',
  'meeting.ended': 'ended',
  'recording.completed': 'recordings',
};

interface ZoomEventBody {
  event?: unknown;
  event_ts?: unknown;
  payload?: {
    plainToken?: unknown;
    object?: { id?: unknown; uuid?: unknown };
  };
}

/**
 * Zoom's webhooks (docs/webcast.md): `x-zm-signature` is `v0=` and the hex HMAC-SHA256 of
 * `v0:{x-zm-request-timestamp}:{raw body}` under the app's secret token; the URL validation
 * challenge is answered with the token's HMAC.
 */
export class ZoomWebhooks extends WebcastWebhooks {
  readonly provider = 'zoom' as const;

  constructor(private readonly secretToken: string) {
    super();
  }

  verify(request: SignedRequest, nowMs: number): boolean {
    const signature = header(request.headers, 'x-zm-signature');
    const timestamp = header(request.headers, 'x-zm-request-timestamp');
    if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
    if (
      Math.abs(nowMs - Number(timestamp) * 1000) > ZOOM_SIGNATURE_TOLERANCE_MS
    )
      return false;
    const expected = Buffer.from(
      `v0=${this.hmac(`v0:${timestamp}:${request.rawBody.toString('utf8')}`)}`,
    );
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  read(body: unknown): WebhookOutcome {
    const event = body as ZoomEventBody;
    if (typeof event?.event !== 'string') return { ignored: 'no event' };
    if (event.event === 'endpoint.url_validation') {
      const plainToken = event.payload?.plainToken;
      if (typeof plainToken !== 'string' || !plainToken)
        return { ignored: 'no plainToken' };
      return {
        reply: { plainToken, encryptedToken: this.hmac(plainToken) },
      };
    }
    const change = CHANGES[event.event];
    if (!change) return { ignored: event.event };
    const object = event.payload?.object;
    const castId = Number(object?.id);
    const ts = Number(event.event_ts);
    if (
      !Number.isSafeInteger(castId) ||
      castId <= 0 ||
      !Number.isSafeInteger(ts)
    )
      return { ignored: `${event.event} without an id or event_ts` };
    const session =
      typeof object?.uuid === 'string' ? object.uuid : String(castId);
    return {
      event: {
        key: createHash('sha256')
          .update(`${event.event}\n${session}\n${ts}`)
          .digest('hex'),
        castId,
        change,
        at: new Date(ts),
      },
    };
  }

  private hmac(text: string): string {
    return createHmac('sha256', this.secretToken).update(text).digest('hex');
  }
}

function header(
  headers: SignedRequest['headers'],
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
