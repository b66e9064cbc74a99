import {
  CheckInResult,
  Matter,
  MeetingReport,
  MeetingStats,
  MemberProxy,
  QuorumEvent,
} from '@livevote/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantFixture } from './support/factories';
import { expectProblem, type Http } from './support/http';
import { nextEvent, type LiveClient } from './support/live-client';
import { type VoterFixture } from './support/live-fixtures';
import {
  openPresentMeeting,
  type PresentMeeting,
} from './support/present-meeting';

/**
 * One definition of present (docs/presence.md): a meeting of four units, one connected, one
 * checked in at the desk, one represented by a verified paper proxy, one absent, gives the same
 * present figures in the live quorum, the stats, the snapshot of each close (the chair's stop
 * and the deadline's statement) and the report in JSON and CSV.
 */
describe('Present', () => {
  let meeting: PresentMeeting;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let voters: VoterFixture[];
  let chair: LiveClient;
  const matters: Matter[] = [];

  const base = () => `/v1/Meetings/${tenant.meeting.shortCode}`;
  const asManager = () => ({ token: tenant.token });
  const subscribe = (token: string) => meeting.subscribe(token);

  /** U0001 online, U0002 in person, U0003 by proxy, U0004 absent. */
  const UNITS = {
    presentMembers: 3,
    presentInPerson: 1,
    presentOnline: 1,
    presentByProxy: 1,
  };

  beforeAll(async () => {
    meeting = await openPresentMeeting(4);
    ({ api, tenant, other, voters, chair } = meeting);
  });

  afterAll(() => meeting?.close());

  it('counts each unit one way in the live quorum', async () => {
    const counted = nextEvent(
      chair,
      'meeting.quorum',
      (event) => event.present === 2 && event.proxies === 1,
    );
    await subscribe(voters[0].token);
    const checkIn = await api.post(
      `${base()}/check-ins`,
      { voterKey: voters[1].voterId },
      asManager(),
    );
    expect(checkIn.status, checkIn.text).toBe(201);
    expect(CheckInResult.parse(checkIn.body).proxiesRevoked).toBe(0);
    const paper = await api.post(
      `${base()}/proxies`,
      {
        memberKey: voters[2].memberId,
        holder: { isDefault: false, name: 'Nadia', email: 'nadia@h.test' },
        directions: [],
        signedName: `Owner ${voters[2].unit}`,
      },
      asManager(),
    );
    expect(paper.status, paper.text).toBe(201);
    const verified = await api.post(
      `${base()}/proxies/${MemberProxy.parse(paper.body).key}/verify`,
      undefined,
      asManager(),
    );
    expect(verified.status, verified.text).toBe(200);

    expect(QuorumEvent.parse(await counted)).toEqual({
      shortCode: tenant.meeting.shortCode,
      present: 2,
      proxies: 1,
      presentInPerson: 1,
      presentOnline: 1,
      required: 3,
      met: true,
      basis: 'units',
    });
  });

  it('gives the same figures, each way, in the stats, in units and shares', async () => {
    const result = await api.get(`${base()}/stats`, asManager());
    expect(result.status, result.text).toBe(200);
    const stats = MeetingStats.parse(result.body);

    expect(stats.present).toEqual(UNITS);
    expect(stats.presentShares).toEqual({
      presentMembers: 6.5,
      presentInPerson: 2.5,
      presentOnline: 1,
      presentByProxy: 3,
    });
    // connections alone, as before: one voter of one unit
    expect(stats.rtvPresence).toEqual({ numUnits: 1, numVoters: 1 });
    expect(stats.checkedInCountGroups).toBe(1);
    expect(stats.verifiedProxyCount).toBe(1);
    expectProblem(
      await api.get(`${base()}/stats`, { token: other.token }),
      404,
    );
  });

  it("records them in the snapshot of a chair's stop and of a deadline", async () => {
    for (const name of ['Stopped by the chair', 'Closed at its deadline']) {
      const created = await api.post(
        `${base()}/matters`,
        { name, options: ['For', 'Against'] },
        asManager(),
      );
      expect(created.status, created.text).toBe(201);
      matters.push(Matter.parse(created.body));
    }
    const [stopped, timed] = matters;
    // closed, and its result (with the quorum at the close) worked out
    const closed = (matterKey: string) =>
      Promise.all([
        nextEvent(
          chair,
          'matter.state',
          (event) =>
            event.matterKey === matterKey && event.liveStatus === 'closed',
        ),
        nextEvent(chair, 'matter.result', (e) => e.matterKey === matterKey),
      ]);
    const action = async (matterKey: string, body: object) => {
      const result = await api.post(
        `${base()}/matters/${matterKey}/action`,
        body,
        asManager(),
      );
      expect(result.status, result.text).toBe(204);
    };
    const timedClosed = closed(timed.key);
    await action(timed.key, { action: 'start', duration: 10 });
    await action(stopped.key, { action: 'start' });
    const stoppedClosed = closed(stopped.key);
    await action(stopped.key, { action: 'stop' });
    await stoppedClosed;
    await timedClosed;
  }, 20_000);

  it('prints the same figures in the report, JSON and CSV', async () => {
    const result = await api.get(`${base()}/report`, asManager());
    expect(result.status, result.text).toBe(200);
    const report = MeetingReport.parse(result.body);
    const csv = await api.get(`${base()}/report.csv`, asManager());
    expect(csv.status, csv.text).toBe(200);
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];

    for (const matter of matters) {
      const item = report.matters.find((m) => m.matterKey === matter.key);
      expect(item?.snapshot, matter.name).toEqual({
        eligibleMembers: 4,
        ...UNITS,
        presentVoters: 1,
        votesCast: 0,
        sharesCast: 0,
      });
      expect(item?.quorumAtOpen).toMatchObject({
        present: 2,
        proxies: 1,
        presentInPerson: 1,
        presentOnline: 1,
      });
      expect(item?.quorumAtClose).toMatchObject({
        present: 2,
        proxies: 1,
        presentInPerson: 1,
        presentOnline: 1,
      });
      const snapshot = Object.fromEntries(
        rows
          .filter(
            (row) => row.section === 'snapshot' && row.matter === matter.name,
          )
          .map((row) => [row.label, Number(row.units)]),
      );
      expect(snapshot).toMatchObject({ eligibleMembers: 4, ...UNITS });
      const quorum = Object.fromEntries(
        rows
          .filter(
            (row) =>
              row.section === 'quorum_close' && row.matter === matter.name,
          )
          .map((row) => [row.label, row.units]),
      );
      expect(quorum).toMatchObject({
        present: '2',
        proxies: '1',
        presentInPerson: '1',
        presentOnline: '1',
      });
    }
  });
});
