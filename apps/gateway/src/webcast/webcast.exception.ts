import { ApiException } from '../common/api-exception';
import type { WebcastProviderError } from './webcast-provider';

export enum WebcastErrorCode {
  WebcastNotFound = 'webcast_not_found',
  /** Another change of the webcast's room or rehearsal came first; read it and try again. */
  WebcastChanged = 'webcast_changed',
  /** The provider refused the request or answered something unusable: 502. */
  ProviderError = 'webcast_provider_error',
  /** The provider could not be reached, timed out or limited our rate: 503. */
  ProviderUnavailable = 'webcast_provider_unavailable',
  /** A webhook for a provider this gateway does not use. */
  WebhookProviderNotFound = 'webhook_provider_not_found',
  /** A webhook without the provider's valid, recent signature. */
  InvalidSignature = 'invalid_signature',
}

function describe(code: WebcastErrorCode): [status: number, variant?: string] {
  switch (code) {
    case WebcastErrorCode.WebcastNotFound:
      return [404];
    case WebcastErrorCode.WebcastChanged:
      return [409];
    case WebcastErrorCode.ProviderError:
      return [502];
    case WebcastErrorCode.ProviderUnavailable:
      return [503];
    case WebcastErrorCode.WebhookProviderNotFound:
      return [404];
    case WebcastErrorCode.InvalidSignature:
      return [401];
  }
}

export class WebcastException extends ApiException {
  constructor(
    code: WebcastErrorCode,
    values: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    const [status, variant] = describe(code);
    super(status, code, { variant, values }, headers);
  }

  /** A provider's failure as the caller is told it: 502 or 503, with the provider's reason. */
  static fromProvider(error: WebcastProviderError): WebcastException {
    const unavailable = error.options.unavailable === true;
    return new WebcastException(
      unavailable
        ? WebcastErrorCode.ProviderUnavailable
        : WebcastErrorCode.ProviderError,
      { provider: error.provider, reason: error.reason },
      unavailable
        ? { 'Retry-After': String(error.options.retryAfterSeconds ?? 30) }
        : {},
    );
  }
}
