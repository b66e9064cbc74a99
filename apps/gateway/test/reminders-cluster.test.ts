import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/common/clock';
import { meetings } from '../src/database/schema';
import { AccessTokensService } from '../src/identity/access-tokens.service';
import { scheduleVersion } from '../src/reminders/mail-schedule';
import {
  MAIL_QUEUE,
  MailScheduler,
  meetingScheduler,
  RECONCILE_SCHEDULER,
} from '../src/reminders/mail.scheduler';
import { RemindersService } from '../src/reminders/reminders.service';
import {
  createMeeting,
  createTenant,
  type MeetingFixtureRow,
  type TenantFixture,
} from './support/factories';
import { http } from './support/http';
import {
  addUnits,
  DAY_MS,
  HOUR_MS,
  scheduledRows,
  sentTo,
  settled,
} from './support/reminders-fixtures';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestRedis, type TestRedis } from './support/test-redis';

const T0 = new Date('2026-11-02T12:00:00.000Z');
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

/**
 * Two gateway nodes on one PostgreSQL and one Redis (same prefix), sharing one clock: both
 * run the BullMQ workers and both tick the same meetings at once.
 */
describe('Scheduled mail on two gateway nodes', () => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let redis: TestRedis;
  let clock: ManualClock;
  let nodeA: TestGateway;
  let nodeB: TestGateway;
  let tenant: TenantFixture;

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createTestDatabase();
    redis = createTestRedis();
    clock = new ManualClock(T0);
    const options = {
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      clock,
      env: { SMTP_URL: sink.url },
    };
    nodeA = await startGateway(options);
    nodeB = await startGateway(options);
    tenant = await createTenant(nodeA);
  });

  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await redis?.cleanup();
    await sink?.close();
    await database?.drop();
  });

  const queueOf = (node: TestGateway) =>
    node.app.get<Queue>(getQueueToken(MAIL_QUEUE), { strict: false });

  async function campaign(
    name: string,
    voterCount: number,
    overrides: Partial<typeof meetings.$inferInsert> = {},
  ): Promise<MeetingFixtureRow> {
    clock.set(T0);
    const meeting = await createMeeting(nodeA, tenant.account.key, {
      name,
      meetingDate: at(6 * DAY_MS),
      expiryDate: at(5 * DAY_MS),
      meetingReminderFrequency: 1,
      managerSummaryReportFrequency: 'none',
      ...overrides,
    });
    await addUnits(
      nodeA,
      meeting.id,
      Array.from({ length: voterCount }, (_, i) => ({
        unit: `U-${i + 1}`,
        voters: [
          {
            name: `Owner ${i + 1}`,
            email: `${name.toLowerCase().replace(/\W+/g, '-')}-${i + 1}@nodes.test`,
          },
        ],
      })),
    );
    const invited = await http(nodeA.baseUrl).post(
      `/v1/Meetings/${meeting.shortCode}/invites`,
      undefined,
      { token: nodeA.app.get(AccessTokensService).issue(tenant.user.id) },
    );
    expect(invited.body).toMatchObject({ sent: voterCount, failed: 0 });
    return meeting;
  }

  it('sends each reminder once while both nodes tick the meeting at the same time', async () => {
    const meeting = await campaign('Twin AGM', 30);
    const ticks = (node: TestGateway) =>
      Array.from({ length: 3 }, () =>
        node.app.get(RemindersService).tick(meeting.id),
      );

    clock.set(at(DAY_MS + 10_000));
    const results = await Promise.all([
      ...ticks(nodeA),
      ...ticks(nodeB),
      nodeA.app.get(MailScheduler).reconcile(),
      nodeB.app.get(MailScheduler).reconcile(),
    ]);
    await settled(nodeA, meeting.id);

    const expected = Array.from(
      { length: 30 },
      (_, i) => `twin-agm-${i + 1}@nodes.test`,
    ).sort();
    expect(sentTo(sink, 'Reminder: Twin AGM')).toEqual(expected);
    const sentByTicks = results
      .filter((r): r is { sent: number; failed: number; cancelled: number } =>
        Boolean(r),
      )
      .reduce((sum, r) => sum + r.sent, 0);
    expect(sentByTicks).toBeLessThanOrEqual(30);
    const rows = await scheduledRows(nodeA, meeting.id);
    expect(rows).toHaveLength(30);
    expect(
      rows.every((row) => row.status === 'sent' && row.attempts === 1),
    ).toBe(true);

    // The next day's round, again from both nodes: once more each, not twice.
    clock.set(at(2 * DAY_MS + 10_000));
    await Promise.all([...ticks(nodeB), ...ticks(nodeA)]);
    await settled(nodeA, meeting.id);
    expect(sentTo(sink, 'Reminder: Twin AGM')).toEqual(
      [...expected, ...expected].sort(),
    );
  });

  it('keeps one job scheduler per meeting, replaced when its settings change and removed when it completes', async () => {
    const meeting = await campaign('Schedule AGM', 2);
    const silent = await createMeeting(nodeA, tenant.account.key, {
      name: 'Silent AGM',
      meetingDate: at(6 * DAY_MS),
      managerSummaryReportFrequency: 'none',
    });
    const queue = queueOf(nodeA);
    const id = meetingScheduler(meeting.id);
    const schedulersOf = async () =>
      (await queue.getJobSchedulers(0, -1))
        .map((scheduler) => scheduler.key)
        .filter((key) => key.startsWith('meeting.'));

    clock.set(at(HOUR_MS));
    await nodeA.app.get(MailScheduler).reconcile();
    const first = await queue.getJobScheduler(id);
    expect(first).toMatchObject({ every: 60_000, name: 'tick' });
    expect(first?.template?.data).toEqual({
      meetingId: meeting.id,
      version: scheduleVersion(meeting),
    });
    expect(await schedulersOf()).not.toContain(meetingScheduler(silent.id));
    expect(await queue.getJobScheduler(RECONCILE_SCHEDULER)).toMatchObject({
      every: 60_000,
    });

    const patched = await http(nodeB.baseUrl).patch(
      `/v1/Meetings/${meeting.shortCode}/settings`,
      { meetingReminderFrequency: 3, meetingStartingReminder: 15 },
      { token: nodeB.app.get(AccessTokensService).issue(tenant.user.id) },
    );
    expect(patched.status).toBe(200);
    await nodeB.app.get(MailScheduler).reconcile();
    const second = await queue.getJobScheduler(id);
    expect(second?.template?.data).toEqual({
      meetingId: meeting.id,
      version: scheduleVersion({
        ...meeting,
        meetingReminderFrequency: 3,
        meetingStartingReminder: 15,
      }),
    });
    expect((await schedulersOf()).filter((key) => key === id)).toHaveLength(1);

    // Two days after the meeting ended, nothing more is due: the schedule goes.
    clock.set(at(6 * DAY_MS + 60 * 60_000 + 2 * DAY_MS + 60_000));
    await nodeA.app.get(MailScheduler).reconcile();
    expect(await queue.getJobScheduler(id)).toBeUndefined();
    expect(await schedulersOf()).not.toContain(id);
  });

  it('ticks a meeting from its BullMQ schedule on whichever node takes the job', async () => {
    const meeting = await campaign('Queued AGM', 5);
    clock.set(at(DAY_MS + 60_000));
    // A new schedule runs its first tick at once (dropped first, in case a background
    // reconcile made it already and its next tick is a minute away).
    await queueOf(nodeB).removeJobScheduler(meetingScheduler(meeting.id));
    await nodeB.app.get(MailScheduler).reconcile();
    await vi.waitFor(
      () => expect(sentTo(sink, 'Reminder: Queued AGM')).toHaveLength(5),
      { timeout: 15_000, interval: 50 },
    );
    await settled(nodeA, meeting.id);
    expect(sentTo(sink, 'Reminder: Queued AGM')).toEqual(
      Array.from(
        { length: 5 },
        (_, i) => `queued-agm-${i + 1}@nodes.test`,
      ).sort(),
    );
  });
});
