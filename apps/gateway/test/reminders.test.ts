import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BallotReceipt,
  MeetingStats,
  PortalSessionResponse,
  UnsubscribeResult,
} from '@livevote/contracts';
import { ManualClock } from '../src/common/clock';
import { Database } from '../src/database/database';
import {
  ballots,
  matters,
  meetings,
  voters,
  type CommunicationPreferences,
} from '../src/database/schema';
import { AccessTokensService } from '../src/identity/access-tokens.service';
import { InviteTokensService } from '../src/members/invite-tokens.service';
import { MailScheduler } from '../src/reminders/mail.scheduler';
import { RemindersService } from '../src/reminders/reminders.service';
import { UnsubscribeTokensService } from '../src/reminders/unsubscribe-tokens.service';
import {
  createMeeting,
  createTenant,
  type MeetingFixtureRow,
  type TenantFixture,
} from './support/factories';
import { expectProblem, http, type Http } from './support/http';
import {
  addUnits,
  DAY_MS,
  HOUR_MS,
  inviteTokenIn,
  messagesTo,
  scheduledRows,
  sentTo,
  settled,
  unsubscribeUrlIn,
  type AddedVoter,
  type UnitSpec,
} from './support/reminders-fixtures';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startGateway, type TestGateway } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** Monday, 07:00 in Toronto (EST, UTC-5): the first invites go out. */
const T0 = new Date('2026-11-02T12:00:00.000Z');
const MINUTE_MS = 60_000;
const PUBLIC_URL = 'https://app.example.test';
const PORTAL_HOST = 'vote.example.test';

const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

describe('Scheduled mail', () => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let gateway: TestGateway;
  let clock: ManualClock;
  let api: Http;
  let tenant: TenantFixture;
  let reminders: RemindersService;
  let outage = false;

  beforeAll(async () => {
    sink = await startSmtpSink({
      refuse: (address) => outage || address.endsWith('@bounce.test'),
    });
    database = await createTestDatabase();
    clock = new ManualClock(T0);
    gateway = await startGateway({
      databaseUrl: database.url,
      clock,
      env: { SMTP_URL: sink.url, PUBLIC_URL, PORTAL_HOST },
    });
    api = http(gateway.baseUrl);
    tenant = await createTenant(gateway);
    reminders = gateway.app.get(RemindersService);
  });

  afterAll(async () => {
    await gateway?.close();
    await sink?.close();
    await database?.drop();
  });

  /** A fresh manager token: the clock moves by days, manager tokens last 300 s. */
  const token = () =>
    gateway.app.get(AccessTokensService).issue(tenant.user.id);

  /** A meeting of the tenant with its units, every voter with e-mail on invited at T0. */
  async function campaign(
    overrides: Partial<typeof meetings.$inferInsert>,
    units: UnitSpec[],
  ): Promise<{
    meeting: MeetingFixtureRow;
    voters: Record<string, AddedVoter>;
  }> {
    clock.set(T0);
    const meeting = await createMeeting(gateway, tenant.account.key, {
      meetingReminderFrequency: 0,
      meetingStartingReminder: 0,
      managerSummaryReportFrequency: 'none',
      ...overrides,
    });
    const added = await addUnits(gateway, meeting.id, units);
    const invited = await api.post(
      `/v1/Meetings/${meeting.shortCode}/invites`,
      undefined,
      { token: token() },
    );
    expect(invited.status).toBe(200);
    return { meeting, voters: added };
  }

  /** Moves the clock, ticks (twice: the second must find nothing) and waits for the sends. */
  async function tickAt(meetingId: string, time: Date): Promise<void> {
    clock.set(time);
    await reminders.tick(meetingId);
    const again = await reminders.tick(meetingId);
    expect(again.sent).toBe(0);
    await settled(gateway, meetingId);
  }

  async function patchSettings(shortCode: string, body: object) {
    const result = await api.patch(`/v1/Meetings/${shortCode}/settings`, body, {
      token: token(),
    });
    expect(result.status).toBe(200);
  }

  /** Ticks every `stepMs` over the span and lists who got the subject at each step. */
  async function timeline(
    meetingId: string,
    subject: string,
    steps: { from: number; to: number; step: number },
    before: (offset: number) => Promise<void> = async () => {},
  ): Promise<[string, string[]][]> {
    const seen: [string, string[]][] = [];
    for (let offset = steps.from; offset <= steps.to; offset += steps.step) {
      await before(offset);
      const count = sink.messages.length;
      await tickAt(meetingId, at(offset));
      const to = sentTo(sink, subject, count);
      if (to.length)
        seen.push([
          `${Math.floor(offset / HOUR_MS)}h${(offset % HOUR_MS) / MINUTE_MS}m`,
          to,
        ]);
    }
    return seen;
  }

  it('reminds, over a simulated week, exactly the invited voters of units that have not voted, every meetingReminderFrequency days until early voting closes', async () => {
    const { meeting, voters: added } = await campaign(
      {
        name: 'Cadence AGM',
        meetingDate: at(8 * DAY_MS + 11 * HOUR_MS),
        expiryDate: at(6 * DAY_MS + 6 * HOUR_MS),
        meetingReminderFrequency: 2,
      },
      [
        {
          unit: 'A-101',
          voters: [
            { name: 'Ann Owner', email: 'ann@cadence.test' },
            { name: 'Al Owner', email: 'al@cadence.test' },
          ],
        },
        {
          unit: 'B-102',
          voters: [
            {
              name: 'Bea',
              email: 'bea@cadence.test',
              communicationPreferences: { disableConsentReminders: true },
            },
          ],
        },
        {
          unit: 'C-103',
          voters: [
            {
              name: 'Cal',
              email: 'cal@cadence.test',
              communicationPreferences: { disableAllEmails: true },
            },
          ],
        },
        {
          unit: 'D-104',
          eligible: false,
          voters: [{ name: 'Dee', email: 'dee@cadence.test' }],
        },
      ],
    );
    // Added after the invites went out: never invited, so never reminded.
    await addUnits(gateway, meeting.id, [
      { unit: 'E-105', voters: [{ name: 'Eve', email: 'eve@cadence.test' }] },
    ]);

    const seen = await timeline(meeting.id, 'Reminder: Cadence AGM', {
      from: 5 * MINUTE_MS,
      to: 7 * DAY_MS + 5 * MINUTE_MS,
      step: 6 * HOUR_MS,
    });

    const pair = ['al@cadence.test', 'ann@cadence.test'];
    // Rounds at T0 + 2, 4 and 6 days (ticked 5 minutes late); early voting closes at 6 d 6 h.
    expect(seen).toEqual([
      ['48h5m', pair],
      ['96h5m', pair],
      ['144h5m', pair],
    ]);
    const rows = await scheduledRows(gateway, meeting.id);
    expect(rows).toHaveLength(6);
    expect(
      rows.every((row) => row.status === 'sent' && row.attempts === 1),
    ).toBe(true);
    expect([...new Set(rows.map((row) => row.period))].sort()).toEqual([
      at(2 * DAY_MS).toISOString(),
      at(4 * DAY_MS).toISOString(),
      at(6 * DAY_MS).toISOString(),
    ]);

    const [first] = messagesTo(
      sink,
      'Reminder: Cadence AGM',
      'ann@cadence.test',
    );
    const text = first.parsed.text ?? '';
    expect(text).toContain('Hello Ann Owner,');
    expect(text).toContain('unit A-101 has not voted yet');
    expect(text).toContain(
      'Early voting closes Sunday, November 8, 2026 at 1:00 PM EST.',
    );
    expect(first.parsed.html).toContain('unit A-101 has not voted yet');
    expect(
      gateway.app.get(InviteTokensService).verify(inviteTokenIn(text)),
    ).toEqual({
      voterId: added['ann@cadence.test'].id,
      meetingId: meeting.id,
    });
    const unsubscribe = unsubscribeUrlIn(text);
    expect(
      first.parsed.headers.find((h) => h.key === 'list-unsubscribe')?.value,
    ).toBe(`<${unsubscribe.href}>`);
    expect(
      gateway.app
        .get(UnsubscribeTokensService)
        .verify(unsubscribe.searchParams.get('token')!),
    ).toMatchObject({
      voterId: added['ann@cadence.test'].id,
      scope: 'reminders',
    });
  });

  it('stops reminding the voters of a unit once it has voted', async () => {
    const { meeting } = await campaign(
      {
        name: 'Vote Stops AGM',
        meetingDate: at(6 * DAY_MS),
        expiryDate: at(5 * DAY_MS),
        meetingReminderFrequency: 1,
      },
      [
        {
          unit: 'F-201',
          voters: [
            { name: 'Fay', email: 'fay@votes.test' },
            { name: 'Finn', email: 'finn@votes.test' },
          ],
        },
        { unit: 'G-202', voters: [{ name: 'Gus', email: 'gus@votes.test' }] },
      ],
    );
    const [matter] = await gateway.app
      .get(Database)
      .db.insert(matters)
      .values({
        meetingId: meeting.id,
        name: 'Approve the budget',
        options: ['For', 'Against'],
        order: 1,
      })
      .returning();

    await tickAt(meeting.id, at(DAY_MS + MINUTE_MS));
    expect(sentTo(sink, 'Reminder: Vote Stops AGM')).toEqual([
      'fay@votes.test',
      'finn@votes.test',
      'gus@votes.test',
    ]);

    // Fay follows the link in her reminder and votes early for unit F-201.
    clock.set(at(DAY_MS + 2 * HOUR_MS));
    const [reminder] = messagesTo(
      sink,
      'Reminder: Vote Stops AGM',
      'fay@votes.test',
    );
    const session = await api.post(
      `/portal/v1/Meetings/${meeting.shortCode}/session`,
      { inviteToken: inviteTokenIn(reminder.parsed.text ?? '') },
    );
    expect(session.status).toBe(200);
    const { voterToken } = PortalSessionResponse.parse(session.body);
    const cast = await api.post(
      `/portal/v1/Meetings/${meeting.shortCode}/matters/${matter.id}/ballots`,
      { choices: ['For'] },
      { token: voterToken },
    );
    expect(cast.status).toBe(201);
    BallotReceipt.parse(cast.body);

    const seen = await timeline(meeting.id, 'Reminder: Vote Stops AGM', {
      from: 2 * DAY_MS + MINUTE_MS,
      to: 6 * DAY_MS + MINUTE_MS,
      step: DAY_MS,
    });
    // Days 2, 3 and 4; the round of day 5 falls on the close of early voting.
    expect(seen).toEqual([
      ['48h1m', ['gus@votes.test']],
      ['72h1m', ['gus@votes.test']],
      ['96h1m', ['gus@votes.test']],
    ]);
    expect(
      messagesTo(sink, 'Reminder: Vote Stops AGM', 'fay@votes.test'),
    ).toHaveLength(1);
    expect(
      messagesTo(sink, 'Reminder: Vote Stops AGM', 'finn@votes.test'),
    ).toHaveLength(1);
  });

  it('reschedules when the reminder frequency changes, and stops while it is 0', async () => {
    const { meeting } = await campaign(
      {
        name: 'Frequency AGM',
        meetingDate: at(10 * DAY_MS),
        expiryDate: at(9 * DAY_MS),
        meetingReminderFrequency: 3,
      },
      [{ unit: 'H-301', voters: [{ name: 'Hal', email: 'hal@freq.test' }] }],
    );

    const seen = await timeline(
      meeting.id,
      'Reminder: Frequency AGM',
      { from: 0, to: 9 * DAY_MS, step: 12 * HOUR_MS },
      async (offset) => {
        if (offset === 3.5 * DAY_MS)
          await patchSettings(meeting.shortCode, {
            meetingReminderFrequency: 1,
          });
        if (offset === 5.5 * DAY_MS)
          await patchSettings(meeting.shortCode, {
            meetingReminderFrequency: 0,
          });
        if (offset === 6.5 * DAY_MS)
          await patchSettings(meeting.shortCode, {
            meetingReminderFrequency: 2,
          });
      },
    );
    // Every 3 days: day 3; then daily from the last round: 4, 5; off; every 2 days from day 5:
    // 7 (day 9 is the close of early voting).
    expect(seen).toEqual([
      ['72h0m', ['hal@freq.test']],
      ['96h0m', ['hal@freq.test']],
      ['120h0m', ['hal@freq.test']],
      ['168h0m', ['hal@freq.test']],
    ]);
  });

  it('sends "meeting is starting" meetingStartingReminder minutes before the meeting to every voter with e-mail on, with their portal link', async () => {
    const meetingDate = new Date('2026-11-04T23:00:00.000Z'); // 6:00 PM in Toronto
    const { meeting, voters: added } = await campaign(
      {
        name: 'Starting <AGM>',
        meetingDate,
        expiryDate: at(DAY_MS),
        duration: 90,
        location: 'Party room',
        meetingStartingReminder: 30,
        options: { signature: '<p>The <b>Board</b></p>' },
      },
      [
        { unit: 'I-401', voters: [{ name: 'Ida', email: 'ida@start.test' }] },
        {
          unit: 'J-402',
          voters: [
            {
              name: 'Jon',
              email: 'jon@start.test',
              communicationPreferences: { disableConsentReminders: true },
            },
          ],
        },
        {
          unit: 'K-403',
          voters: [
            {
              name: 'Kim',
              email: 'kim@start.test',
              communicationPreferences: { disableAllEmails: true },
            },
          ],
        },
      ],
    );
    const subject = 'Starting soon: Starting <AGM>';
    const minutesBefore = (n: number) =>
      new Date(meetingDate.getTime() - n * MINUTE_MS);

    await tickAt(meeting.id, minutesBefore(31));
    expect(sentTo(sink, subject)).toEqual([]);
    await tickAt(meeting.id, minutesBefore(29));
    expect(sentTo(sink, subject)).toEqual(['ida@start.test', 'jon@start.test']);
    await tickAt(meeting.id, minutesBefore(1));
    await tickAt(meeting.id, new Date(meetingDate.getTime() + 5 * MINUTE_MS));
    expect(sentTo(sink, subject)).toHaveLength(2);

    const [mail] = messagesTo(sink, subject, 'ida@start.test');
    const text = mail.parsed.text ?? '';
    const html = mail.parsed.html ?? '';
    expect(text).toContain('Hello Ida,');
    expect(text).toContain('Wednesday, November 4, 2026 at 6:00 PM EST');
    expect(text).toContain('Time zone: America/Toronto');
    expect(text).toContain('Starting <AGM> is starting');
    expect(html).toContain('Starting &lt;AGM&gt; is starting');
    expect(html).not.toContain('<AGM>');
    expect(text).toContain('-- \nThe Board');
    expect(html).toContain('<p>The <b>Board</b></p>');
    expect(
      gateway.app.get(InviteTokensService).verify(inviteTokenIn(text)),
    ).toEqual({
      voterId: added['ida@start.test'].id,
      meetingId: meeting.id,
    });
    expect(text).toContain(`${PUBLIC_URL}/vote/${meeting.shortCode}?invite=`);
    const unsubscribe = unsubscribeUrlIn(text);
    expect(
      mail.parsed.headers.find((h) => h.key === 'list-unsubscribe')?.value,
    ).toBe(`<${unsubscribe.href}>`);
    expect(
      gateway.app
        .get(UnsubscribeTokensService)
        .verify(unsubscribe.searchParams.get('token')!),
    ).toEqual({
      voterId: added['ida@start.test'].id,
      meetingId: meeting.id,
      scope: 'all',
    });

    // Moved a day later: a new notice before the new date, once.
    await api.patch(
      `/v1/Meetings/${meeting.shortCode}`,
      { meetingDate: new Date(meetingDate.getTime() + DAY_MS).toISOString() },
      { token: token() },
    );
    await tickAt(
      meeting.id,
      new Date(meetingDate.getTime() + DAY_MS - 20 * MINUTE_MS),
    );
    await tickAt(
      meeting.id,
      new Date(meetingDate.getTime() + DAY_MS - 10 * MINUTE_MS),
    );
    expect(messagesTo(sink, subject, 'ida@start.test')).toHaveLength(2);
    expect(messagesTo(sink, subject, 'kim@start.test')).toHaveLength(0);
  });

  it("mails the daily summary at 08:00 in the meeting's time zone to the contact and the alternate managers", async () => {
    const { meeting, voters: added } = await campaign(
      {
        name: 'Summary <AGM> & Co',
        meetingDate: at(3 * DAY_MS + 11 * HOUR_MS),
        expiryDate: at(3 * DAY_MS),
        quorumMinimum: 2,
        contact: { email: 'chair@summary.test', name: 'Pat Chair' },
        alternateManagerEmails: [
          'Treasurer@Summary.test',
          'CHAIR@summary.test',
        ],
        managerSummaryReportFrequency: 'daily',
        options: {
          signature:
            '<p>Pat <b onclick="steal()">Chair</b><br>Board &amp; Co</p><script>alert(1)</script>' +
            '<a href="javascript:alert(1)">bad</a> <a href="https://board.example.test/">Board site</a><img src=x onerror=alert(1)>',
        },
      },
      [
        { unit: 'M-1', voters: [{ name: 'Mo', email: 'mo@summary.test' }] },
        { unit: 'M-2', voters: [{ name: 'Ned', email: 'ned@summary.test' }] },
        { unit: 'M-3', voters: [{ name: 'Ola', email: 'ola@summary.test' }] },
      ],
    );
    const db = gateway.app.get(Database).db;
    const [budget, bylaw] = await db
      .insert(matters)
      .values([
        {
          meetingId: meeting.id,
          name: 'Budget',
          options: ['For', 'Against'],
          order: 1,
        },
        {
          meetingId: meeting.id,
          name: 'Bylaw <7>',
          options: ['For', 'Against'],
          order: 2,
          liveStatus: 'live',
        },
      ])
      .returning();
    await db.insert(ballots).values([
      {
        matterId: budget.id,
        memberId: added['mo@summary.test'].memberId,
        voterId: added['mo@summary.test'].id,
        method: 'proxy',
        choices: ['For'],
        weight: 1,
        castAt: T0,
      },
      {
        matterId: budget.id,
        memberId: added['ned@summary.test'].memberId,
        method: 'proxy',
        choices: ['Against'],
        weight: 1,
        castAt: T0,
      },
    ]);
    expect(bylaw.liveStatus).toBe('live');
    const subject = (day: string) =>
      `Daily summary: Summary <AGM> & Co (${day})`;

    await tickAt(meeting.id, at(30 * MINUTE_MS)); // 07:30 in Toronto
    expect(sentTo(sink, subject('2026-11-02'))).toEqual([]);
    await tickAt(meeting.id, at(HOUR_MS + MINUTE_MS)); // 08:01
    await tickAt(meeting.id, at(9 * HOUR_MS));
    expect(sentTo(sink, subject('2026-11-02'))).toEqual([
      'chair@summary.test',
      'treasurer@summary.test',
    ]);
    await tickAt(meeting.id, at(DAY_MS + 59 * MINUTE_MS)); // 07:59 the next day
    expect(sentTo(sink, subject('2026-11-03'))).toEqual([]);
    await tickAt(meeting.id, at(DAY_MS + HOUR_MS));
    expect(sentTo(sink, subject('2026-11-03'))).toEqual([
      'chair@summary.test',
      'treasurer@summary.test',
    ]);

    const [mail] = messagesTo(
      sink,
      subject('2026-11-02'),
      'chair@summary.test',
    );
    const text = mail.parsed.text ?? '';
    const html = mail.parsed.html ?? '';
    expect(text).toContain(
      'Daily summary of Summary <AGM> & Co as of Monday, November 2, 2026 at 8:01 AM EST.',
    );
    expect(text).toContain('3 of 3 voters invited');
    expect(text).toContain('2 of 3 units have voted');
    expect(text).toContain('early (proxy): 2 ballots from 2 units');
    expect(text).toContain('0 voters of 0 units attended the live meeting');
    expect(text).toContain(
      'Quorum: met: 2 of 2 units required (0 present, 2 by proxy).',
    );
    expect(text).toContain('1. Budget: pending, 2 ballots (2 shares)');
    expect(text).toContain('2. Bylaw <7>: live, 0 ballots (0 shares)');
    expect(html).toContain('2. Bylaw &lt;7&gt;: live');
    expect(html).toContain('Summary &lt;AGM&gt; &amp; Co');
    // The signature: a small allow-list in HTML, plain text in the text part.
    expect(html).toContain(
      '<div class="signature"><p>Pat <b>Chair</b><br />Board &amp; Co</p><a>bad</a> <a href="https://board.example.test/">Board site</a></div>',
    );
    for (const bad of [
      '<script',
      'alert(1)',
      'onclick',
      'javascript:',
      '<img',
      'onerror',
    ])
      expect(html).not.toContain(bad);
    expect(text).toContain(
      '-- \nPat Chair\nBoard & Co\nbad Board site <https://board.example.test/>',
    );
    expect(text).not.toContain('<b>');
  });

  it('turns reminders off from the link in a reminder, after asking first', async () => {
    const { meeting, voters: added } = await campaign(
      {
        name: 'Unsubscribe AGM',
        meetingDate: at(6 * DAY_MS),
        expiryDate: at(5 * DAY_MS),
        meetingReminderFrequency: 1,
        meetingStartingReminder: 60,
      },
      [
        { unit: 'R-1', voters: [{ name: 'Rae', email: 'rae@unsub.test' }] },
        { unit: 'S-1', voters: [{ name: 'Sam', email: 'sam@unsub.test' }] },
        { unit: 'T-1', voters: [{ name: 'Tia', email: 'tia@unsub.test' }] },
      ],
    );
    const subject = 'Reminder: Unsubscribe AGM';
    await tickAt(meeting.id, at(DAY_MS));
    expect(sentTo(sink, subject)).toEqual([
      'rae@unsub.test',
      'sam@unsub.test',
      'tia@unsub.test',
    ]);
    const [reminder] = messagesTo(sink, subject, 'rae@unsub.test');
    const link = unsubscribeUrlIn(reminder.parsed.text ?? '');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(reminder.parsed.html).toContain(link.search.replace(/&/g, '&amp;'));
    const path = `${link.pathname}${link.search}`;
    const preferences = async (voterId: string) => {
      const [row] = await gateway.app
        .get(Database)
        .db.select({ prefs: voters.communicationPreferences })
        .from(voters)
        .where(eq(voters.id, voterId));
      return row.prefs as CommunicationPreferences;
    };
    const before = await preferences(added['rae@unsub.test'].id);

    // Opening the link (a person, or a mail scanner) changes nothing.
    const page = await api.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.text).toContain('rae@unsub.test');
    expect(page.text).toContain('Unsubscribe AGM');
    expect(page.text).toContain(
      `<form method="post" action="${path.replace(/&/g, '&amp;')}">`,
    );
    expect(await preferences(added['rae@unsub.test'].id)).toEqual(before);

    const done = await api.post(path, undefined, {
      headers: { accept: 'application/json' },
    });
    expect(done.status).toBe(200);
    expect(UnsubscribeResult.parse(done.body)).toEqual({
      email: 'rae@unsub.test',
      meetingName: 'Unsubscribe AGM',
      communicationPreferences: {
        disableAllEmails: false,
        disableConsentReminders: true,
      },
    });
    // The confirmation form, as a browser submits it: empty body, answered with a page.
    const browser = await fetch(`${gateway.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(browser.status).toBe(200);
    expect(browser.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await browser.text()).toContain('You will get no more reminders');

    // "All e-mail" (the link of a starting notice) also stops the starting notice.
    const all = gateway.app.get(UnsubscribeTokensService).issue(
      {
        voterId: added['tia@unsub.test'].id,
        meetingId: meeting.id,
        scope: 'all',
      },
      meeting,
    );
    const allDone = await api.post(
      `/portal/v1/unsubscribe?token=${encodeURIComponent(all)}`,
    );
    expect(
      UnsubscribeResult.parse(allDone.body).communicationPreferences,
    ).toEqual({
      disableAllEmails: true,
      disableConsentReminders: false,
    });

    await tickAt(meeting.id, at(2 * DAY_MS));
    expect(sentTo(sink, subject)).toEqual([
      'rae@unsub.test',
      'sam@unsub.test',
      'sam@unsub.test',
      'tia@unsub.test',
    ]);
    await tickAt(meeting.id, at(6 * DAY_MS - 30 * MINUTE_MS));
    expect(sentTo(sink, 'Starting soon: Unsubscribe AGM')).toEqual([
      'rae@unsub.test',
      'sam@unsub.test',
    ]);
  });

  it('refuses bad, foreign, expired and orphaned unsubscribe links', async () => {
    const meeting = await createMeeting(gateway, tenant.account.key, {
      meetingDate: at(5 * DAY_MS),
    });
    const added = await addUnits(gateway, meeting.id, [
      { unit: 'X-1', voters: [{ name: 'Xia', email: 'xia@bad.test' }] },
    ]);
    const tokens = gateway.app.get(UnsubscribeTokensService);
    const good = tokens.issue(
      {
        voterId: added['xia@bad.test'].id,
        meetingId: meeting.id,
        scope: 'reminders',
      },
      meeting,
    );
    const path = (value: string) =>
      `/portal/v1/unsubscribe?token=${encodeURIComponent(value)}`;

    expectProblem(await api.post('/portal/v1/unsubscribe'), 400);
    expectProblem(await api.get('/portal/v1/unsubscribe'), 400);
    expectProblem(await api.post(path('')), 400);
    expectProblem(await api.post(path('x'.repeat(5000))), 400);
    expectProblem(
      await api.post(path('not-a-token')),
      400,
      'invalid_unsubscribe_token',
    );
    expectProblem(
      await api.post(path(`${good}x`)),
      400,
      'invalid_unsubscribe_token',
    );
    // An invite token opens a portal session, never an unsubscribe.
    const invite = gateway.app
      .get(InviteTokensService)
      .issue({ id: added['xia@bad.test'].id }, meeting);
    expectProblem(
      await api.post(path(invite)),
      400,
      'invalid_unsubscribe_token',
    );
    expectProblem(await api.post(path(good), { extra: true }), 400);

    const page = await api.get(path('not-a-token'));
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('not valid or has expired');

    clock.set(at(5 * DAY_MS + 181 * DAY_MS));
    expectProblem(await api.post(path(good)), 400, 'invalid_unsubscribe_token');
    clock.set(T0);

    await gateway.app
      .get(Database)
      .db.delete(voters)
      .where(eq(voters.id, added['xia@bad.test'].id));
    expectProblem(await api.post(path(good)), 404, 'voter_not_found');
    expect((await api.get(path(good))).status).toBe(404);
  });

  it('retries a message the mail server refused, with backoff, shows it in the stats, then delivers it', async () => {
    const { meeting } = await campaign(
      {
        name: 'Outage AGM',
        meetingDate: at(6 * DAY_MS),
        expiryDate: at(5 * DAY_MS),
        meetingReminderFrequency: 4,
      },
      [
        { unit: 'P-1', voters: [{ name: 'Pia', email: 'pia@outage.test' }] },
        {
          unit: 'Q-1',
          voters: [{ name: 'Quinn', email: 'quinn@outage.test' }],
        },
      ],
    );
    const subject = 'Reminder: Outage AGM';
    const stats = async () => {
      const result = await api.get(`/v1/Meetings/${meeting.shortCode}/stats`, {
        token: token(),
      });
      expect(result.status).toBe(200);
      return MeetingStats.parse(result.body).noticeStatusSummary;
    };
    const rowOf = async (email: string) =>
      (await scheduledRows(gateway, meeting.id)).find(
        (row) => row.email === email,
      )!;

    outage = true;
    try {
      const round = at(4 * DAY_MS);
      await tickAt(meeting.id, round);
      expect(sentTo(sink, subject)).toEqual([]);
      expect(await rowOf('pia@outage.test')).toMatchObject({
        status: 'retry',
        attempts: 1,
        nextAttemptAt: new Date(round.getTime() + MINUTE_MS),
      });
      expect((await rowOf('pia@outage.test')).lastError).toMatch(/550/);
      expect(await stats()).toBe(
        '2 of 2 voters invited; 2 reminders failed (2 retrying)',
      );

      await tickAt(meeting.id, new Date(round.getTime() + 59_000)); // not yet due
      expect((await rowOf('pia@outage.test')).attempts).toBe(1);
      await tickAt(meeting.id, new Date(round.getTime() + MINUTE_MS));
      expect(await rowOf('pia@outage.test')).toMatchObject({
        status: 'retry',
        attempts: 2,
        nextAttemptAt: new Date(round.getTime() + 3 * MINUTE_MS),
      });
      outage = false;
      await tickAt(meeting.id, new Date(round.getTime() + 2 * MINUTE_MS));
      expect(sentTo(sink, subject)).toEqual([]);
      await tickAt(meeting.id, new Date(round.getTime() + 3 * MINUTE_MS));
    } finally {
      outage = false;
    }
    expect(sentTo(sink, subject)).toEqual([
      'pia@outage.test',
      'quinn@outage.test',
    ]);
    expect(await rowOf('pia@outage.test')).toMatchObject({
      status: 'sent',
      attempts: 3,
      lastError: null,
    });
    expect(await stats()).toBe('2 of 2 voters invited');
  });

  it('gives up after 8 attempts and reports the message as failed', async () => {
    const { meeting } = await campaign(
      {
        name: 'Bounce AGM',
        meetingDate: at(6 * DAY_MS),
        expiryDate: at(5 * DAY_MS),
        meetingReminderFrequency: 2,
      },
      [{ unit: 'Z-1', voters: [{ name: 'Zed', email: 'zed@outage.test' }] }],
    );
    // The address starts bouncing after the invite went out.
    await gateway.app
      .get(Database)
      .db.update(voters)
      .set({ email: 'zed@bounce.test' })
      .where(eq(voters.meetingId, meeting.id));
    let time = at(2 * DAY_MS).getTime();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await tickAt(meeting.id, new Date(time));
      const [row] = await scheduledRows(gateway, meeting.id);
      expect(row.attempts).toBe(attempt);
      if (row.nextAttemptAt) {
        delays.push((row.nextAttemptAt.getTime() - time) / MINUTE_MS);
        time = row.nextAttemptAt.getTime();
      }
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 60]);
    const [row] = await scheduledRows(gateway, meeting.id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 8,
      nextAttemptAt: null,
    });
    await tickAt(meeting.id, new Date(time + DAY_MS / 2));
    expect((await scheduledRows(gateway, meeting.id))[0].attempts).toBe(8);
    const result = await api.get(`/v1/Meetings/${meeting.shortCode}/stats`, {
      token: token(),
    });
    expect(MeetingStats.parse(result.body).noticeStatusSummary).toBe(
      '1 of 1 voters invited; 1 reminder failed',
    );
  });

  it("gives up pending retries once the meeting's mail window has closed", async () => {
    const { meeting } = await campaign(
      {
        name: 'Late AGM',
        meetingDate: at(2 * DAY_MS),
        expiryDate: at(DAY_MS + HOUR_MS),
        meetingReminderFrequency: 1,
      },
      [{ unit: 'W-1', voters: [{ name: 'Wyn', email: 'wyn@late.test' }] }],
    );
    outage = true;
    try {
      await tickAt(meeting.id, at(DAY_MS));
    } finally {
      outage = false;
    }
    expect((await scheduledRows(gateway, meeting.id))[0].status).toBe('retry');
    clock.set(at(DAY_MS + 30_000));
    expect((await reminders.activeMeetings()).map((m) => m.id)).toContain(
      meeting.id,
    );

    // The meeting ended (2 d + 60 min) two days ago: nothing is sent any more.
    await tickAt(meeting.id, at(4 * DAY_MS + 2 * HOUR_MS));
    expect(await scheduledRows(gateway, meeting.id)).toMatchObject([
      { status: 'failed', attempts: 1 },
    ]);
    expect(sentTo(sink, 'Reminder: Late AGM')).toEqual([]);
    expect((await reminders.activeMeetings()).map((m) => m.id)).not.toContain(
      meeting.id,
    );
  });

  it('lists the unsubscribe routes in the OpenAPI document, with the token and the result schema', async () => {
    const doc = (await api.get('/docs/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string; required?: boolean }[];
            responses: Record<
              string,
              { content?: Record<string, { schema?: unknown }> }
            >;
          }
        >
      >;
    };
    const route = doc.paths['/portal/v1/unsubscribe'];
    expect(Object.keys(route).sort()).toEqual(['get', 'post']);
    for (const method of ['get', 'post'])
      expect(route[method].parameters).toContainEqual(
        expect.objectContaining({ name: 'token', in: 'query', required: true }),
      );
    expect(
      route.post.responses['200'].content?.['application/json']?.schema,
    ).toBeDefined();
    expect(route.get.responses['200'].content?.['text/html']).toBeDefined();
  });

  it('ticks, in process, every meeting that needs scheduled mail', async () => {
    const { meeting } = await campaign(
      {
        name: 'Loop AGM',
        meetingDate: at(6 * DAY_MS),
        expiryDate: at(5 * DAY_MS),
        meetingReminderFrequency: 1,
      },
      [{ unit: 'L-1', voters: [{ name: 'Lou', email: 'lou@loop.test' }] }],
    );
    const quiet = await createMeeting(gateway, tenant.account.key, {
      name: 'Quiet AGM',
      meetingDate: at(6 * DAY_MS),
      managerSummaryReportFrequency: 'none',
    });
    clock.set(at(DAY_MS));
    const active = (await reminders.activeMeetings()).map((m) => m.id);
    expect(active).toContain(meeting.id);
    expect(active).not.toContain(quiet.id);
    await gateway.app.get(MailScheduler).reconcile();
    await settled(gateway, meeting.id);
    expect(sentTo(sink, 'Reminder: Loop AGM')).toEqual(['lou@loop.test']);
  });
});
