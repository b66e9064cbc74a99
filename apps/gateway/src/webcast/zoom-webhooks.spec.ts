import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZOOM_SIGNATURE_TOLERANCE_MS, ZoomWebhooks } from './zoom-webhooks';

const SECRET = 'secret-token-1';
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const hooks = new ZoomWebhooks(SECRET);

function signed(
  raw: string,
  overrides: { ts?: string; secret?: string; signature?: string } = {},
) {
  const ts = overrides.ts ?? String(NOW / 1000);
  const mac = createHmac('sha256', overrides.secret ?? SECRET)
    .update(`v0:${ts}:${raw}`)
    .digest('hex');
  return {
    headers: {
      'x-zm-request-timestamp': ts,
      'x-zm-signature': overrides.signature ?? `v0=${mac}`,
    },
    rawBody: Buffer.from(raw),
    body: JSON.parse(raw) as unknown,
  };
}

const body = JSON.stringify({ event: 'webinar.started', event_ts: NOW });

describe(ZoomWebhooks.name, () => {
  it('accepts a delivery signed with the secret token, recently', () => {
    expect(hooks.verify(signed(body), NOW)).toBe(true);
    const edge = String((NOW - ZOOM_SIGNATURE_TOLERANCE_MS) / 1000);
    expect(hooks.verify(signed(body, { ts: edge }), NOW)).toBe(true);
  });

  it.each([
    ['another secret', { secret: 'not-it' }],
    ['a stale timestamp', { ts: String((NOW - 301_000) / 1000) }],
    ['a timestamp from the future', { ts: String((NOW + 301_000) / 1000) }],
    ['a timestamp that is no number', { ts: '12a' }],
    ['no v0= prefix', { signature: 'abc' }],
    ['an empty signature', { signature: '' }],
  ])('refuses %s', (_label, overrides) => {
    expect(hooks.verify(signed(body, overrides), NOW)).toBe(false);
  });

  it('refuses a body changed after signing', () => {
    const delivery = signed(body);
    delivery.rawBody = Buffer.from(body.replace('started', 'ended'));
    expect(hooks.verify(delivery, NOW)).toBe(false);
  });

  it('answers URL validation with the HMAC of the plain token', () => {
    expect(
      hooks.read({
        event: 'endpoint.url_validation',
        payload: { plainToken: 'abc' },
      }),
    ).toEqual({
      reply: {
        plainToken: 'abc',
        encryptedToken: createHmac('sha256', SECRET)
          .update('abc')
          .digest('hex'),
      },
    });
  });

  it.each([
    ['webinar.started', 'started'],
    ['meeting.started', 'started'],
    ['webinar.ended', 'ended'],
    ['meeting.ended', 'ended'],
    ['recording.completed', 'recordings'],
  ])('reads %s as %s, keyed by event, session and time', (event, change) => {
    const outcome = hooks.read({
      event,
      event_ts: NOW,
      payload: { object: { id: '81000000001', uuid: 'u1' } },
    });
    expect(outcome).toMatchObject({
      event: { castId: 81000000001, change, at: new Date(NOW) },
    });
    const again = hooks.read({
      event,
      event_ts: NOW,
      payload: { object: { id: 81000000001, uuid: 'u1' } },
    });
    const later = hooks.read({
      event,
      event_ts: NOW + 1,
      payload: { object: { id: 81000000001, uuid: 'u1' } },
    });
    const key = (o: typeof outcome) => ('event' in o ? o.event.key : null);
    expect(key(again)).toBe(key(outcome));
    expect(key(later)).not.toBe(key(outcome));
  });

  it.each([
    [
      'another event',
      {
        event: 'meeting.participant_joined',
        event_ts: NOW,
        payload: { object: { id: 1 } },
      },
    ],
    [
      'no id',
      { event: 'webinar.started', event_ts: NOW, payload: { object: {} } },
    ],
    [
      'no event_ts',
      { event: 'webinar.started', payload: { object: { id: 1 } } },
    ],
    ['no event', { payload: {} }],
    [
      'a validation without a token',
      { event: 'endpoint.url_validation', payload: {} },
    ],
    ['not an object', 'text'],
  ])('ignores %s', (_label, delivery) => {
    expect(hooks.read(delivery)).toHaveProperty('ignored');
  });
});
