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

/** The ApiException an error is, or was caused by (drizzle wraps what a driver throws). */
export function apiExceptionOf(error: unknown): ApiException | undefined {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof ApiException) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
