import { ApiException } from '../common/api-exception';

export enum ScreenTokenErrorCode {
  ScreenTokenNotFound = 'screen_token_not_found',
}

function describe(code: ScreenTokenErrorCode): [status: number] {
  switch (code) {
    case ScreenTokenErrorCode.ScreenTokenNotFound:
      return [404];
  }
}

export class ScreenTokenException extends ApiException {
  constructor(code: ScreenTokenErrorCode) {
    const [status] = describe(code);
    super(status, code);
  }
}
