import { ApiException } from '../common/api-exception';

export enum ReportErrorCode {
  ReportBusy = 'report_busy',
}

function describe(code: ReportErrorCode): [status: number, variant?: string] {
  switch (code) {
    case ReportErrorCode.ReportBusy:
      return [429];
  }
}

/** Seconds a refused report render is told to wait (Retry-After). */
const REPORT_RETRY_AFTER_SECONDS = 5;

export class ReportException extends ApiException {
  constructor(code: ReportErrorCode) {
    const [status, variant] = describe(code);
    super(
      status,
      code,
      { variant },
      code === ReportErrorCode.ReportBusy
        ? { 'retry-after': String(REPORT_RETRY_AFTER_SECONDS) }
        : {},
    );
  }
}
