import { ApiException, type ProblemWording } from '../common/api-exception';

export enum VerifiabilityErrorCode {
  ReceiptNotFound = 'receipt_not_found',
  MatterNotFound = 'matter_not_found',
  CountNotReady = 'count_not_ready',
  CountNotPublished = 'count_not_published',
  EmailsDisabled = 'emails_disabled',
  RateLimited = 'rate_limited',
}

function describe(
  code: VerifiabilityErrorCode,
): [status: number, variant?: string] {
  switch (code) {
    case VerifiabilityErrorCode.ReceiptNotFound:
      return [404];
    case VerifiabilityErrorCode.MatterNotFound:
      return [404, 'published'];
    case VerifiabilityErrorCode.CountNotReady:
      return [409];
    case VerifiabilityErrorCode.CountNotPublished:
      return [409];
    case VerifiabilityErrorCode.EmailsDisabled:
      return [409];
    case VerifiabilityErrorCode.RateLimited:
      return [429, 'receipts'];
  }
}

export class VerifiabilityException extends ApiException {
  constructor(
    code: VerifiabilityErrorCode,
    detail?: ProblemWording,
    headers: Record<string, string> = {},
  ) {
    const [status, variant] = describe(code);
    super(status, code, detail ?? { variant }, headers);
  }
}
