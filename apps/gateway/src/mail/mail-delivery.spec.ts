import { describe, expect, it } from 'vitest';
import { failedDelivery, mapMailDelivery } from './mail-delivery';

describe(failedDelivery.name, () => {
  it.each([
    [
      { responseCode: 550, response: '550 5.1.1 Mailbox unavailable' },
      'bounced',
      '550 5.1.1 Mailbox unavailable',
    ],
    [
      { responseCode: 451, response: '451 4.3.0 Try again later' },
      'failed',
      '451 4.3.0 Try again later',
    ],
    [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), {
        code: 'ESOCKET',
      }),
      'failed',
      'connect ECONNREFUSED 127.0.0.1:2525',
    ],
    [undefined, 'failed', 'Unknown error'],
  ])('reads %j as %s', (error, status, detail) => {
    expect(failedDelivery(error)).toEqual({ status, detail });
  });

  it('keeps the server’s words short and on one line', () => {
    const { detail } = failedDelivery({
      responseCode: 554,
      response: `554 refused\r\n${'x'.repeat(1000)}`,
    });
    expect(detail).not.toMatch(/\n/);
    expect(detail.length).toBe(300);
  });
});

describe(mapMailDelivery.name, () => {
  const at = new Date('2026-11-01T12:00:00.000Z');
  it('is null until something was tried, and drops the words of a sent one', () => {
    expect(mapMailDelivery(null, null, null)).toBeNull();
    expect(mapMailDelivery('sent', at, 'stale')).toEqual({
      status: 'sent',
      at: at.toISOString(),
      detail: null,
    });
    expect(mapMailDelivery('bounced', at, '550 no')).toMatchObject({
      detail: '550 no',
    });
  });
});
