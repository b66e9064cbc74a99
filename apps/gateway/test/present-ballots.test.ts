import {
  Matter,
  MeetingReport,
  MeetingStats,
  QuorumEvent,
} from '@livevote/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantFixture } from './support/factories';
import { expectProblem, type Http } from './support/http';
import { nextEvent, request, type LiveClient } from './support/live-client';
import { type VoterFixture } from './support/live-fixtures';
import {
  openPresentMeeting,
  type PresentMeeting,
} from './support/present-meeting';

/**
 * A member who voted took part (docs/presence.md, "A member who voted took part"): a voter who
 * votes over HTTP with no socket, or over a socket it then closes, is present online, and a
 * unit whose floor ballot was entered is present in person after its owner is checked out;
 * the live quorum, the stats, each close snapshot and the report's attendance register (JSON
 * and CSV) say so alike, and no matter closes with more units voting than present.
 */
describe('Present by their ballots', () => {
  let meeting: PresentMeeting;
  let api: Http;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let voters: VoterFixture[];
  let chair: LiveClient;
  const matters: Matter[] = [];

  const base = () => `/v1/Meetings/${tenant.meeting.shortCode}`;
  const portal = () => `/portal/v1/Meetings/${tenant.meeting.shortCode}`;
  const asManager = () => ({ token: tenant.token });
  const connect = (token: string) => meeting.subscribe(token);
  const quorum = (expected: Partial<QuorumEvent>) =>
    nextEvent(chair, 'meeting.quorum', (event) =>
      Object.entries(expected).every(
        ([key, value]) => event[key as keyof QuorumEvent] === value,
      ),
    );
  const createMatter = async (name: string) => {
    const created = await api.post(
      `${base()}/matters`,
      { name, options: ['For', 'Against'] },
      asManager(),
    );
    expect(created.status, created.text).toBe(201);
    const matter = Matter.parse(created.body);
    matters.push(matter);
    return matter;
  };
  const action = async (matter: Matter, body: object) => {
    const result = await api.post(
      `${base()}/matters/${matter.key}/action`,
      body,
      asManager(),
    );
    expect(result.status, result.text).toBe(204);
  };
  const stop = async (matter: Matter) => {
    const closed = nextEvent(
      chair,
      'matter.result',
      (event) => event.matterKey === matter.key,
    );
    await action(matter, { action: 'stop' });
    await closed;
  };
  const castRest = (voter: VoterFixture, matter: Matter, choices: unknown) =>
    api.post(
      `${portal()}/matters/${matter.key}/ballots`,
      { choices },
      { token: voter.token },
    );
  const deskCall = async (
    verb: 'post' | 'delete',
    voter: VoterFixture,
    status: number,
  ) => {
    const result =
      verb === 'post'
        ? await api.post(
            `${base()}/check-ins`,
            { voterKey: voter.voterId },
            asManager(),
          )
        : await api.delete(`${base()}/check-ins/${voter.voterId}`, asManager());
    expect(result.status, result.text).toBe(status);
  };
  const stats = async () => {
    const result = await api.get(`${base()}/stats`, asManager());
    expect(result.status, result.text).toBe(200);
    return MeetingStats.parse(result.body);
  };
  const report = async () => {
    const result = await api.get(`${base()}/report`, asManager());
    expect(result.status, result.text).toBe(200);
    return MeetingReport.parse(result.body);
  };
  const presenceOf = (json: MeetingReport) =>
    Object.fromEntries(json.attendance.map((row) => [row.unit, row.presence]));

  beforeAll(async () => {
    meeting = await openPresentMeeting(5);
    ({ api, tenant, other, voters, chair } = meeting);
  });

  afterAll(() => meeting?.close());

  it('counts a voter who voted over HTTP, with no socket, online in the live quorum', async () => {
    const matter = await createMatter('The budget');
    await action(matter, { action: 'start', duration: 600 });
    expect((await stats()).present.presentMembers).toBe(0);

    const counted = quorum({ present: 1, presentOnline: 1 });
    const cast = await castRest(voters[0], matter, ['For']);
    expect(cast.status, cast.text).toBe(201);

    expect(QuorumEvent.parse(await counted)).toMatchObject({
      present: 1,
      proxies: 0,
      presentInPerson: 0,
      presentOnline: 1,
      met: false,
    });
    expect((await stats()).present).toEqual({
      presentMembers: 1,
      presentInPerson: 0,
      presentOnline: 1,
      presentByProxy: 0,
    });
  });

  it('makes nobody present by a ballot it refused', async () => {
    const [matter] = matters;
    // a choice the matter has not, a malformed body, another meeting's voter
    const refused = [
      await castRest(voters[4], matter, ['Maybe']),
      await castRest(voters[4], matter, 'For'),
      await api.post(
        `/portal/v1/Meetings/${other.meeting.shortCode}/matters/${matter.key}/ballots`,
        { choices: ['For'] },
        { token: voters[4].token },
      ),
    ];
    expect(refused.map((result) => result.status)).toEqual([400, 400, 404]);
    for (const result of refused) expectProblem(result, result.status);

    expect((await stats()).present.presentMembers).toBe(1);
    expect(presenceOf(await report()).U0005).toBe('absent');
  });

  it('counts a unit with a floor ballot in person after its owner is checked out', async () => {
    const [matter] = matters;
    await deskCall('post', voters[1], 201);
    const floor = await api.post(
      `${base()}/matters/${matter.key}/floor-ballots`,
      { memberKey: voters[1].memberId, choices: ['Against'], entry: 1 },
      asManager(),
    );
    expect(floor.status, floor.text).toBe(201);
    await deskCall('delete', voters[1], 200);

    // after the check-out, still in person: by its floor ballot
    expect((await stats()).present).toEqual({
      presentMembers: 2,
      presentInPerson: 1,
      presentOnline: 1,
      presentByProxy: 0,
    });
    expect(presenceOf(await report()).U0002).toBe('in_person');
  });

  it('keeps a voter who voted over its socket online after the socket closed', async () => {
    const [matter] = matters;
    const socket = await connect(voters[2].token);
    const ack = await request(socket, 'ballot.cast', {
      matterKey: matter.key,
      choices: ['For'],
      idempotencyKey: 'u3-socket',
    });
    expect(ack).not.toHaveProperty('error');
    const counted = quorum({ present: 3, presentOnline: 2, met: true });
    socket.close();
    await counted;
    // the count after the leave: connected by nobody, present by its ballot
    expect(await stats()).toMatchObject({
      present: {
        presentMembers: 3,
        presentInPerson: 1,
        presentOnline: 2,
        presentByProxy: 0,
      },
      rtvPresence: { numUnits: 0, numVoters: 0 },
    });
    await stop(matter);
  });

  it('closes no matter with more units voting than present (9 ballots, "4 present")', async () => {
    const later = await createMatter('The roof');
    await action(later, { action: 'start', duration: 600 });
    const counted = quorum({ present: 4, presentOnline: 3 });
    const cast = await castRest(voters[3], later, ['Against']);
    expect(cast.status, cast.text).toBe(201);
    await counted;
    await stop(later);

    const json = await report();
    for (const matter of json.matters) {
      const snapshot = matter.snapshot!;
      expect(snapshot, matter.name).not.toBeNull();
      expect(matter.voted.length, matter.name).toBe(snapshot.votesCast);
      expect(matter.voted.length, matter.name).toBeLessThanOrEqual(
        snapshot.presentMembers,
      );
      // each unit that voted online or in the room is present at least as well at the close
      const online = matter.voted.filter((v) => v.method === 'live').length;
      const room = matter.voted.filter((v) => v.method === 'other').length;
      expect(room, matter.name).toBeLessThanOrEqual(snapshot.presentInPerson!);
      expect(online + room, matter.name).toBeLessThanOrEqual(
        snapshot.presentInPerson! + snapshot.presentOnline!,
      );
      expect(matter.quorumAtClose!.present, matter.name).toBe(
        snapshot.presentInPerson! + snapshot.presentOnline!,
      );
    }
    const [budget, roof] = json.matters.map((matter) => matter.snapshot);
    expect(budget).toEqual({
      eligibleMembers: 5,
      presentMembers: 3,
      presentInPerson: 1,
      presentOnline: 2,
      presentByProxy: 0,
      presentVoters: 0,
      votesCast: 3,
      sharesCast: expect.any(Number),
    });
    expect(roof).toMatchObject({
      presentMembers: 4,
      presentInPerson: 1,
      presentOnline: 3,
      votesCast: 1,
    });
    expect(json.matters[1].quorumAtClose).toMatchObject({
      present: 4,
      proxies: 0,
      presentInPerson: 1,
      presentOnline: 3,
      met: true,
    });
  }, 20_000);

  it('keeps the same units each way in the attendance register, JSON and CSV', async () => {
    const json = await report();
    const expected = {
      U0001: 'online',
      U0002: 'in_person',
      U0003: 'online',
      U0004: 'online',
      U0005: 'absent',
    };
    expect(presenceOf(json)).toEqual(expected);
    const counts = (await stats()).present;
    const tally = (way: string) =>
      Object.values(expected).filter((presence) => presence === way).length;
    expect(counts).toEqual({
      presentMembers: 4,
      presentInPerson: tally('in_person'),
      presentOnline: tally('online'),
      presentByProxy: tally('proxy'),
    });

    const register = await api.get(
      `${base()}/report/attendance.csv`,
      asManager(),
    );
    expect(register.status, register.text).toBe(200);
    const rows = parse(register.text, { columns: true }) as Record<
      string,
      string
    >[];
    expect(
      Object.fromEntries(rows.map((row) => [row.unit, row.presence])),
    ).toEqual(expected);
    const whole = await api.get(`${base()}/report.csv`, asManager());
    expect(whole.status, whole.text).toBe(200);
    const section = (
      parse(whole.text, { columns: true }) as Record<string, string>[]
    ).filter((row) => row.section === 'snapshot' && row.matter === 'The roof');
    expect(
      Object.fromEntries(section.map((row) => [row.label, Number(row.units)])),
    ).toMatchObject({
      presentMembers: 4,
      presentInPerson: 1,
      presentOnline: 3,
    });
    expectProblem(
      await api.get(`${base()}/report/attendance.csv`, { token: other.token }),
      404,
    );
  });
});
