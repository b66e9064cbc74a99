/**
 * The real PostgreSQL and Redis the integration tests use. Unset variables default to the
 * local services; an unreachable service fails the run (never skips it).
 */
export const TEST_DATABASE_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
