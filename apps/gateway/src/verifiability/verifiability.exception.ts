import { ApiException } from '../common/api-exception';

export enum VerifiabilityErrorCode {
  ReceiptNotFound = 'receipt_not_found',
  MatterNotFound = 'matter_not_found',
  CountNotReady = 'count_not_ready',
  CountNotPublished = 'count_not_published',
  EmailsDisabled = 'emails_disabled',
  RateLimited = 'rate_limited',
}

function describe(code: VerifiabilityErrorCode): [number, string] {
  switch (code) {
    case VerifiabilityErrorCode.ReceiptNotFound:
      return [404, 'No ballot of yours has this receipt.'];
    case VerifiabilityErrorCode.MatterNotFound:
      return [404, 'The matter does not exist.'];
    case VerifiabilityErrorCode.CountNotReady:
      return [
        409,
        'The count is published for closed matters once their result is worked out.',
      ];
    case VerifiabilityErrorCode.CountNotPublished:
      return [
        409,
        'The count of this matter is not published yet (it may wait for a scrutineer’s sign-off).',
      ];
    case VerifiabilityErrorCode.EmailsDisabled:
      return [409, 'This voter has no e-mail address to send to.'];
    case VerifiabilityErrorCode.RateLimited:
      return [
        429,
        'Too many receipts by e-mail at once; try again in a minute.',
      ];
  }
}

export class VerifiabilityException extends ApiException {
  constructor(
    code: VerifiabilityErrorCode,
    detail?: string,
    headers: Record<string, string> = {},
  ) {
    const [status, message] = describe(code);
    super(status, code, detail ?? message, headers);
  }
}
