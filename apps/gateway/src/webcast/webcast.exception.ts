import { ApiException } from '../common/api-exception';

export enum WebcastErrorCode {
  WebcastNotFound = 'webcast_not_found',
}

function describe(code: WebcastErrorCode): [status: number, variant?: string] {
  switch (code) {
    case WebcastErrorCode.WebcastNotFound:
      return [404];
  }
}

export class WebcastException extends ApiException {
  constructor(code: WebcastErrorCode) {
    const [status, variant] = describe(code);
    super(status, code, { variant });
  }
}
