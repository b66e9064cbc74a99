import { Logger } from '@nestjs/common';
import type { AckError } from '@livevote/contracts';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import { LiveSnapshotsService } from '../src/live/live-snapshots.service';
import { BallotIntakeService } from '../src/ballots/ballot-intake.service';
import {
  VotingErrorCode,
  VotingException,
} from '../src/voting/voting.exception';
import { createTenant, type TenantFixture } from './support/factories';
import { connectLive, request, type LiveClient } from './support/live-client';
import {
  createMatter,
  createVoters,
  type VoterFixture,
} from './support/live-fixtures';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** What the live gateway logged at that level: [fields, message] of each call. */
function logged(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.filter(
    (call) => typeof call[1] === 'string' && call[1].includes('socket event'),
  );
}

describe('Errors of live channel events', () => {
  let database: TestDatabase;
  let gateway: TestGateway;
  let tenant: TenantFixture;
  let voter: VoterFixture;
  const sockets: LiveClient[] = [];

  const live = async (token: string) => {
    const socket = await connectLive(gateway.baseUrl, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGateway({ databaseUrl: database.url });
    tenant = await createTenant(gateway);
    [voter] = await createVoters(gateway, tenant, 1);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await gateway?.close();
    await database?.drop();
  });

  it('logs an unexpected failure with a correlation id and answers 500 with the same id', async () => {
    const errors = vi.spyOn(Logger.prototype, 'error');
    const failure = new Error('the snapshot query broke');
    vi.spyOn(
      gateway.app.get(LiveSnapshotsService),
      'snapshotOf',
    ).mockRejectedValueOnce(failure);
    const socket = await live(tenant.token);

    const ack = await request(socket, 'subscribe', {
      shortCode: tenant.meeting.shortCode,
    });

    expect(ack).toEqual({
      error: {
        status: 500,
        code: 'internal_error',
        message: 'An unexpected error occurred.',
        correlationId: expect.any(String),
      },
    });
    const { correlationId } = (ack as AckError).error;
    expect(logged(errors)).toEqual([
      [
        { err: failure, correlationId },
        'unhandled error on socket event subscribe',
      ],
    ]);
    // the socket goes on
    expect(
      await request(socket, 'subscribe', {
        shortCode: tenant.meeting.shortCode,
      }),
    ).toMatchObject({ role: 'chair' });
  });

  it('logs a 503 the client is told to retry as a warning, with its id in the ack', async () => {
    const warnings = vi.spyOn(Logger.prototype, 'warn');
    const errors = vi.spyOn(Logger.prototype, 'error');
    const matter = await createMatter(gateway, tenant);
    vi.spyOn(
      gateway.app.get(BallotIntakeService),
      'submit',
    ).mockRejectedValueOnce(
      new VotingException(VotingErrorCode.StoreUnavailable),
    );
    const socket = await live(voter.token);

    const ack = await request(socket, 'ballot.cast', {
      matterKey: matter.id,
      choices: ['Yes'],
    });

    expect(ack).toMatchObject({
      error: {
        status: 503,
        code: 'store_unavailable',
        correlationId: expect.any(String),
      },
    });
    const { correlationId } = (ack as AckError).error;
    expect(logged(warnings)).toEqual([
      [
        { correlationId, code: 'store_unavailable' },
        '503 store_unavailable on socket event ballot.cast',
      ],
    ]);
    expect(logged(errors)).toEqual([]);
  });

  it('answers bad input with a 4xx ack, without an id, and logs nothing', async () => {
    const warnings = vi.spyOn(Logger.prototype, 'warn');
    const errors = vi.spyOn(Logger.prototype, 'error');
    const socket = await live(voter.token);

    const bad = await request(socket, 'subscribe', {} as never);
    const foreign = await request(socket, 'subscribe', {
      shortCode: 'no-such-meeting',
    });

    expect(bad).toEqual({
      error: {
        status: 400,
        code: 'validation_failed',
        message: expect.any(String),
      },
    });
    expect(foreign).toEqual({
      error: {
        status: 404,
        code: 'meeting_not_found',
        message: expect.any(String),
      },
    });
    expect([...logged(warnings), ...logged(errors)]).toEqual([]);
  });
});
