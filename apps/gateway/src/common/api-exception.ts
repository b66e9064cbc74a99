/** A failure a client can act on: becomes problem details with a stable `code`. */
export class ApiException extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Itemised problems (e.g. one per file line), output as the problem's `errors`. */
    readonly errors?: readonly Record<string, unknown>[],
  ) {
    super(message);
    this.name = 'ApiException';
  }
}
