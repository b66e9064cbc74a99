import { ApiException } from '../common/api-exception';

export enum PartnerErrorCode {
  MissingToken = 'missing_token',
  InvalidToken = 'invalid_token',
  CampaignNotFound = 'campaign_not_found',
  InvalidClientName = 'invalid_client_name',
  InvalidRedirectUri = 'invalid_redirect_uri',
}

function describe(code: PartnerErrorCode): [number, string] {
  switch (code) {
    case PartnerErrorCode.MissingToken:
      return [
        401,
        'A partner access token is required: Authorization: Bearer <access_token>.',
      ];
    case PartnerErrorCode.InvalidToken:
      return [401, 'The partner access token is invalid, expired or revoked.'];
    case PartnerErrorCode.CampaignNotFound:
      return [404, 'Campaign not found.'];
    case PartnerErrorCode.InvalidClientName:
      return [400, 'The partner name needs 1 to 100 characters.'];
    case PartnerErrorCode.InvalidRedirectUri:
      return [400, 'A redirect URI cannot be registered'];
  }
}

/** Problem-details errors of the partner API (the token endpoint has its own, RFC 6749). */
export class PartnerException extends ApiException {
  constructor(code: PartnerErrorCode, detail?: string) {
    const [status, message] = describe(code);
    const headers: Record<string, string> = {};
    if (code === PartnerErrorCode.InvalidToken)
      headers['WWW-Authenticate'] =
        'Bearer realm="livevote-partner", error="invalid_token"';
    if (code === PartnerErrorCode.MissingToken)
      headers['WWW-Authenticate'] = 'Bearer realm="livevote-partner"';
    super(status, code, detail ? `${message}: ${detail}` : message, headers);
  }
}
