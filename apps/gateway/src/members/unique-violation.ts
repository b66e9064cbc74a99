interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** True when the error (or one it wraps) is PostgreSQL's unique violation on that index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current = error as DriverError | undefined;
  while (current) {
    if (current.code === '23505' && current.constraint === constraint)
      return true;
    current = current.cause as DriverError | undefined;
  }
  return false;
}
