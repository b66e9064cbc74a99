import type { WebcastProviderName } from '@livevote/contracts';

/** A provider event that changes a webcast (docs/webcast.md). */
export interface WebcastEvent {
  /** The provider's identity of this delivery: a replay carries the same key. */
  key: string;
  /** The provider's id of the webinar or meeting: the webcast's `castId`. */
  castId: number;
  change: 'started' | 'ended' | 'recordings';
  /** When it happened at the provider. */
  at: Date;
}

export interface SignedRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  body: unknown;
}

/** What a verified delivery asks for: an answer of its own, an event, or nothing. */
export type WebhookOutcome =
  | { reply: Record<string, unknown> }
  | { event: WebcastEvent }
  | { ignored: string };

/** A provider's event deliveries (STYLE 8): verification and parsing, one adapter per provider. */
export abstract class WebcastWebhooks {
  abstract readonly provider: WebcastProviderName;

  /** Whether the request was signed by the provider, recently. */
  abstract verify(request: SignedRequest, nowMs: number): boolean;

  /** What a verified delivery means. */
  abstract read(body: unknown): WebhookOutcome;
}
