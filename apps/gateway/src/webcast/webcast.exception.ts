import { ApiException } from '../common/api-exception';

export enum WebcastErrorCode {
  WebcastNotFound = 'webcast_not_found',
}

function describe(code: WebcastErrorCode): [number, string] {
  switch (code) {
    case WebcastErrorCode.WebcastNotFound:
      return [404, 'The meeting has no webcast; create it with PUT first.'];
  }
}

export class WebcastException extends ApiException {
  constructor(code: WebcastErrorCode) {
    const [status, message] = describe(code);
    super(status, code, message);
  }
}
