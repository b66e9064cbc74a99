import { describe, expect, it } from 'vitest';
import { requestLevel } from './request-log';

describe(requestLevel.name, () => {
  it.each([
    [200, undefined, 'debug'],
    [304, undefined, 'debug'],
    [404, undefined, 'debug'],
    [429, undefined, 'debug'],
    [500, undefined, 'error'],
    [503, undefined, 'error'],
    [200, new Error('aborted'), 'error'],
  ])('logs a %i answer (error %s) at %s', (status, error, level) => {
    expect(requestLevel(status, error)).toBe(level);
  });
});
