import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  attendingRevokes,
  ballotMethodSql,
  ballotTiming,
  type BallotMarks,
  choicesFitSql,
  choicesProblem,
  earlyVotingClosesAt,
  earlyVotingClosesAtSql,
  eligibleSql,
  isEligible,
  isRepresented,
  marksFit,
  marksFitSql,
  mayReplace,
  mayReplaceSql,
  meetingEndsAt,
  meetingEndsAtSql,
  presentBy,
  presentBySql,
  presentCount,
  presentCountOf,
  representedSql,
  tally,
  tallyMarks,
  tallyMarksSql,
  type BallotKind,
} from '@livevote/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHOICES_CASES,
  TIMING_CASES,
} from '../../../libs/rules/src/ballot-acceptance.cases';
import { ELIGIBILITY_CASES } from '../../../libs/rules/src/eligibility.cases';
import {
  ATTENDANCE_CASES,
  PRECEDENCE_CASES,
} from '../../../libs/rules/src/proxy-precedence.cases';
import { PRESENCE_CASES } from '../../../libs/rules/src/presence.cases';
import { REPRESENTATION_CASES } from '../../../libs/rules/src/quorum.cases';
import { TALLY_CASES } from '../../../libs/rules/src/tally.cases';
import {
  MARKS_FIT_CASES,
  TALLY_MARKS_CASES,
} from '../../../libs/rules/src/voting-methods.cases';
import { openDatabase, rowsOf, type Database } from '../src/database/database';
import {
  accounts,
  ballots,
  matters,
  meetings,
  members,
  proxies,
  proxyHolders,
  voters,
} from '../src/database/schema';
import { PresenceRepository } from '../src/presence/presence.repository';
import { ProxiesRepository } from '../src/proxies/proxies.repository';
import { mapTallyRow } from '../src/matters/matters.mapper';
import { MattersRepository } from '../src/matters/matters.repository';
import { LiveVotingRepository } from '../src/voting/live-voting.repository';
import { MatterDirectoryStore } from '../src/voting/matter-directory.store';
import { countersFromBallots, tallyView } from '../src/voting/tally';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The rules that also run inside SQL, held to the cases of libs/rules on real PostgreSQL:
 * a fragment that drifts from its TypeScript twin fails here.
 */
describe('The rules of voting in SQL', () => {
  let database: TestDatabase;
  let dataDir: string;
  let store: Database;
  let accountId: string;
  let meetingCount = 0;

  async function aMeeting(
    values: Partial<typeof meetings.$inferInsert> = {},
  ): Promise<string> {
    meetingCount += 1;
    const [row] = await store.db
      .insert(meetings)
      .values({
        accountId,
        shortCode: `rules${meetingCount}`,
        name: `Meeting ${meetingCount}`,
        type: 'agm',
        meetingDate: new Date('2026-11-21T18:00:00.000Z'),
        ...values,
      })
      .returning({ id: meetings.id });
    return row.id;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'lv-rules-sql-'));
    store = await openDatabase({ url: database.url, dataDir, poolSize: 2 });
    const [account] = await store.db
      .insert(accounts)
      .values({ name: 'Rules' })
      .returning({ id: accounts.id });
    accountId = account.id;
  });

  afterAll(async () => {
    await store?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  describe('eligibleSql', () => {
    let meetingId: string;
    const matterIds: string[] = [];

    beforeAll(async () => {
      meetingId = await aMeeting();
      for (const [index, { member, matter }] of ELIGIBILITY_CASES.entries()) {
        await store.db.insert(members).values({
          meetingId,
          unit: `case-${index}`,
          controlNumber: `cn-${index}`,
          eligible: member.eligible,
          tags: [...member.tags],
        });
        const [row] = await store.db
          .insert(matters)
          .values({
            meetingId,
            name: `case-${index}`,
            options: ['For', 'Against'],
            eligibility: [...matter.eligibility],
            order: index,
          })
          .returning({ id: matters.id });
        matterIds.push(row.id);
      }
    });

    it.each(ELIGIBILITY_CASES.map((c, index) => ({ ...c, index })))(
      '$name may vote: $eligible, in SQL as in TypeScript',
      async ({ member, matter, eligible, index }) => {
        const result = await store.db.execute(sql`
          select ${sql.raw(eligibleSql({ member: 'mb', matter: 'm' }))} as eligible
          from members mb join matters m on m.meeting_id = mb.meeting_id
          where mb.unit = ${`case-${index}`} and m.id = ${matterIds[index]}
        `);

        expect(rowsOf<{ eligible: boolean }>(result)).toEqual([{ eligible }]);
        expect(isEligible(member, matter)).toBe(eligible);
      },
    );

    it('counts the members of each matter the gateway way as the rule does', async () => {
      const directory = new MatterDirectoryStore(store);
      const counts = await Promise.all(
        matterIds.map((id) => directory.eligibleMembers(id)),
      );

      expect(counts).toEqual(
        ELIGIBILITY_CASES.map(
          ({ matter }) =>
            ELIGIBILITY_CASES.filter(({ member }) => isEligible(member, matter))
              .length,
        ),
      );
    });
  });

  describe('choicesFitSql', () => {
    it.each(CHOICES_CASES.map((c, index) => ({ ...c, index })))(
      '$name fits: in SQL as in TypeScript',
      async ({ matter, choices, problem, index }) => {
        const meetingId = await aMeeting();
        const [row] = await store.db
          .insert(matters)
          .values({
            meetingId,
            name: `choices-${index}`,
            options: [...matter.options],
            choices: matter.choices,
            order: 0,
          })
          .returning({ id: matters.id });
        const result = await store.db.execute(sql`
          select ${sql.raw(choicesFitSql({ ballot: 'i', matter: 'm' }))} as fits
          from (select ${JSON.stringify(choices)}::jsonb as choices) i, matters m
          where m.id = ${row.id}
        `);

        expect(rowsOf<{ fits: boolean }>(result)).toEqual([
          { fits: problem === null },
        ]);
        expect(choicesProblem(matter, choices)).toBe(problem);
      },
    );
  });

  // the ballot and matter rows are literal rows of the columns the fragments read, so the
  // cases hold whatever the matters and ballots tables are migrated to
  describe('marksFitSql', () => {
    it.each(MARKS_FIT_CASES)(
      '$name fits: $fits, in SQL as in TypeScript',
      async ({ matter, marks, fits }) => {
        const result = await store.db.execute(sql`
          select ${sql.raw(marksFitSql({ ballot: 'i', matter: 'm' }))} as fits
          from (select ${JSON.stringify(marks.choices)}::jsonb as choices,
                  ${marks.votes === null ? null : JSON.stringify(marks.votes)}::jsonb as votes) i,
            (select ${JSON.stringify(matter.options)}::jsonb as options,
                  ${matter.choices}::int as choices,
                  ${matter.votingMethod}::text as voting_method) m
        `);

        expect(rowsOf<{ fits: boolean }>(result)).toEqual([{ fits }]);
        expect(marksFit(matter, marks as BallotMarks)).toBe(fits);
      },
    );

    it('reads a jsonb null of votes as no votes', async () => {
      const result = await store.db.execute(sql`
        select ${sql.raw(marksFitSql({ ballot: 'i', matter: 'm' }))} as fits
        from (select '["A"]'::jsonb as choices, 'null'::jsonb as votes) i,
          (select '["A","B"]'::jsonb as options, 1 as choices, 'ranked' as voting_method) m
      `);

      expect(rowsOf<{ fits: boolean }>(result)).toEqual([{ fits: true }]);
    });
  });

  describe('tallyMarksSql', () => {
    it.each(TALLY_MARKS_CASES)(
      '$name: in SQL as in TypeScript',
      async ({ method, marks, expected }) => {
        const result = await store.db.execute(sql`
          select t.option, t.count
          from (select ${JSON.stringify(marks.choices)}::jsonb as choices,
                  ${marks.votes === null ? null : JSON.stringify(marks.votes)}::jsonb as votes) b,
            (select ${method}::text as voting_method) m
          cross join lateral ${sql.raw(tallyMarksSql({ ballot: 'b', matter: 'm' }))} t
          order by t.position
        `);

        expect(rowsOf<{ option: string; count: number }>(result)).toEqual(
          expected,
        );
        expect(tallyMarks(method, marks)).toEqual(expected);
      },
    );
  });

  describe('ballotMethodSql', () => {
    it.each(TIMING_CASES.map((c, index) => ({ ...c, index })))(
      '$name, in SQL as in TypeScript',
      async ({ kind, matter, meeting, at, timing, index }) => {
        const meetingId = await aMeeting(meeting);
        const [row] = await store.db
          .insert(matters)
          .values({
            meetingId,
            name: `timing-${index}`,
            options: ['For'],
            order: 0,
            liveStatus: matter.liveStatus,
            liveEndsAt: matter.liveEndsAt,
            allowProxyVote: matter.allowProxyVote,
          })
          .returning({ id: matters.id });
        const result = await store.db.execute(sql`
          select ${sql.raw(ballotMethodSql({ ballot: 'i', matter: 'm', meeting: 'mt' }))} as method
          from (select ${kind}::text as kind, ${at.toISOString()}::timestamptz as received_at) i,
            matters m join meetings mt on mt.id = m.meeting_id
          where m.id = ${row.id}
        `);

        expect(rowsOf<{ method: string | null }>(result)).toEqual([
          { method: timing.method ?? null },
        ]);
        expect(ballotTiming(kind, matter, meeting, at)).toEqual(timing);
      },
    );
  });

  describe('meetingEndsAtSql', () => {
    it.each([60, 90, 0, 24 * 60 + 1])(
      'ends a meeting of %i minutes in SQL as in TypeScript',
      async (duration) => {
        const id = await aMeeting({ duration });
        const [meeting] = await store.db
          .select()
          .from(meetings)
          .where(eq(meetings.id, id));
        const result = await store.db.execute(sql`
          select ${sql.raw(meetingEndsAtSql({ meeting: 'mt' }))} as ends
          from meetings mt where mt.id = ${id}
        `);
        const [row] = rowsOf<{ ends: string | Date }>(result);

        expect(new Date(row.ends)).toEqual(meetingEndsAt(meeting));
      },
    );
  });

  describe('earlyVotingClosesAtSql', () => {
    it.each([
      { when: 'at expiryDate', expiryDate: new Date('2026-11-20T12:00:00Z') },
      { when: 'at the meeting date without expiryDate', expiryDate: null },
    ])('closes $when, in SQL as in TypeScript', async ({ expiryDate }) => {
      const id = await aMeeting({ expiryDate });
      const [meeting] = await store.db
        .select()
        .from(meetings)
        .where(eq(meetings.id, id));
      const result = await store.db.execute(sql`
        select ${sql.raw(earlyVotingClosesAtSql({ meeting: 'mt' }))} as closes
        from meetings mt where mt.id = ${id}
      `);
      const [row] = rowsOf<{ closes: string | Date }>(result);

      expect(new Date(row.closes)).toEqual(earlyVotingClosesAt(meeting));
    });
  });

  describe('tally', () => {
    it.each(TALLY_CASES)(
      '$name: the SQL recounts and the live counters agree with the rule',
      async ({ options, ballots: cast, expected }) => {
        const meetingId = await aMeeting();
        const [matter] = await store.db
          .insert(matters)
          .values({
            meetingId,
            name: 'Tally',
            options,
            order: 0,
            secretBallot: false,
          })
          .returning({ id: matters.id });
        for (const [index, ballot] of cast.entries()) {
          const [member] = await store.db
            .insert(members)
            .values({
              meetingId,
              unit: `${index}`,
              controlNumber: `cn-${index}`,
              shares: ballot.weight,
            })
            .returning({ id: members.id });
          await store.db.insert(ballots).values({
            matterId: matter.id,
            memberId: member.id,
            method: ballot.method,
            choices: [...ballot.choices],
            weight: ballot.weight,
            castAt: new Date(),
          });
        }
        const recount = await new MattersRepository(store).publishedTally(
          matter.id,
        );
        const counters = countersFromBallots(
          cast.map((b) => ({ ...b, choices: [...b.choices] })),
        );
        // the running tally's check against a recount sums the counters in PostgreSQL
        const summed = await new LiveVotingRepository(store).matterCounters(
          matter.id,
        );

        expect(tally(options, cast)).toEqual(expected);
        expect(recount.map(mapTallyRow)).toEqual(expected.rows);
        expect(tallyView(options, counters)).toEqual(expected);
        expect(summed).toEqual(counters);
      },
    );
  });
  // the recounts of the matters repository and of live voting, for cumulative and ranked
  // ballots: each option gains what tallyMarks says, as the running counters add it
  describe('tally by voting method', () => {
    const METHOD_CASES = [
      {
        method: 'cumulative' as const,
        ballots: [
          {
            method: 'live' as const,
            choices: ['Ann', 'Cid'],
            votes: [2, 1],
            weight: 1.5,
          },
          { method: 'proxy' as const, choices: ['Cid'], votes: [3], weight: 2 },
          {
            method: 'other' as const,
            choices: ['Bob', 'Ann'],
            votes: [1, 1],
            weight: 0.25,
          },
        ],
      },
      {
        method: 'ranked' as const,
        ballots: [
          {
            method: 'live' as const,
            choices: ['Bob', 'Ann', 'Cid'],
            votes: null,
            weight: 3,
          },
          { method: 'live' as const, choices: ['Ann'], votes: null, weight: 1 },
          {
            method: 'proxy' as const,
            choices: ['Cid', 'Bob'],
            votes: null,
            weight: 2.5,
          },
        ],
      },
    ];

    it.each(METHOD_CASES)(
      '$method: the SQL recounts and the live counters agree with the rule',
      async ({ method, ballots: cast }) => {
        const options = ['Ann', 'Bob', 'Cid'];
        const meetingId = await aMeeting();
        const [matter] = await store.db
          .insert(matters)
          .values({
            meetingId,
            name: `Elect (${method})`,
            options,
            choices: 3,
            votingMethod: method,
            order: 0,
            secretBallot: false,
          })
          .returning({ id: matters.id });
        for (const [index, ballot] of cast.entries()) {
          const [member] = await store.db
            .insert(members)
            .values({
              meetingId,
              unit: `${index}`,
              controlNumber: `cn-${index}`,
              shares: ballot.weight,
            })
            .returning({ id: members.id });
          await store.db.insert(ballots).values({
            matterId: matter.id,
            memberId: member.id,
            method: ballot.method,
            choices: ballot.choices,
            votes: ballot.votes,
            weight: ballot.weight,
            castAt: new Date(),
          });
        }
        const expected = tally(options, cast, method);
        const recount = await new MattersRepository(store).publishedTally(
          matter.id,
        );
        const counters = countersFromBallots(cast, method);
        const summed = await new LiveVotingRepository(store).matterCounters(
          matter.id,
        );

        expect(recount.map(mapTallyRow)).toEqual(expected.rows);
        expect(tallyView(options, counters)).toEqual(expected);
        expect(summed).toEqual(counters);
      },
    );
  });

  /** A member with a voter, a holder and a (verified) proxy, so every kind of ballot can be written. */
  async function aMemberWithProxy(
    meetingId: string,
    unit: string,
    proxy: {
      status?: 'submitted' | 'verified' | 'rejected' | 'withdrawn' | 'revoked';
      holderPresent?: boolean;
    } = {},
  ) {
    const [member] = await store.db
      .insert(members)
      .values({ meetingId, unit, controlNumber: `cn-${unit}` })
      .returning({ id: members.id });
    const [voter] = await store.db
      .insert(voters)
      .values({
        meetingId,
        memberId: member.id,
        name: unit,
        email: `${unit}@example.test`,
      })
      .returning({ id: voters.id });
    const [holder] = await store.db
      .insert(proxyHolders)
      .values({
        meetingId,
        name: `Holder of ${unit}`,
        email: `holder-${unit}@example.test`,
        isDefault: false,
        present: proxy.holderPresent ?? false,
      })
      .returning({ id: proxyHolders.id });
    const [row] = await store.db
      .insert(proxies)
      .values({
        meetingId,
        memberId: member.id,
        holderId: holder.id,
        holderName: `Holder of ${unit}`,
        directions: [],
        source: 'electronic',
        status: proxy.status ?? 'verified',
        signedName: unit,
        submittedAt: new Date(),
      })
      .returning({ id: proxies.id });
    return { memberId: member.id, voterId: voter.id, proxyId: row.id };
  }

  const columnsOf = (
    kind: BallotKind,
    ids: { voterId: string; proxyId: string },
  ) => ({
    method: kind === 'live' ? 'live' : kind === 'floor' ? 'other' : 'proxy',
    voterId: kind === 'live' || kind === 'early' ? ids.voterId : null,
    proxyId: kind === 'holder' ? ids.proxyId : null,
  });

  describe('mayReplaceSql', () => {
    const closesAt = new Date('2026-11-21T18:00:00.000Z');
    let meetingId: string;
    let matterId: string;

    beforeAll(async () => {
      meetingId = await aMeeting({ portalRevocationsClosedAt: closesAt });
      const [matter] = await store.db
        .insert(matters)
        .values({
          meetingId,
          name: 'Precedence',
          options: ['A', 'B'],
          order: 0,
        })
        .returning({ id: matters.id });
      matterId = matter.id;
    });

    it.each(
      PRECEDENCE_CASES.flatMap((c, index) => [
        { ...c, index, revocations: 'open', replaces: c.whileOpen },
        { ...c, index, revocations: 'closed', replaces: c.afterClose },
      ]),
    )(
      '$incoming over $standing with revocations $revocations: $replaces, in SQL as in TypeScript',
      async ({ incoming, standing, index, revocations, replaces }) => {
        const ids = await aMemberWithProxy(
          meetingId,
          `p${index}-${revocations}`,
        );
        const stand = columnsOf(standing, ids);
        await store.db.insert(ballots).values({
          matterId,
          memberId: ids.memberId,
          method: stand.method as 'live',
          voterId: stand.voterId,
          proxyId: stand.proxyId,
          choices: ['A'],
          weight: 1,
          castAt: new Date(closesAt.getTime() - 3_600_000),
        });
        const next = columnsOf(incoming, ids);
        const castAt = new Date(
          closesAt.getTime() + (revocations === 'open' ? -60_000 : 60_000),
        );
        const result = await store.db.execute(sql`
          insert into ballots as b (matter_id, member_id, voter_id, method, choices, weight, cast_at, proxy_id)
          values (${matterId}, ${ids.memberId}, ${next.voterId}, ${next.method}, '["B"]'::jsonb, 1, ${castAt},
            ${next.proxyId})
          on conflict (matter_id, member_id) do update set method = excluded.method, choices = excluded.choices,
            voter_id = excluded.voter_id, proxy_id = excluded.proxy_id, cast_at = excluded.cast_at
          where ${sql.raw(mayReplaceSql({ incoming: 'excluded', standing: 'b' }))}
          returning b.id
        `);

        expect(rowsOf(result).length === 1).toBe(replaces);
        expect(
          mayReplace(incoming, standing, {
            revocationsOpen: revocations === 'open',
          }),
        ).toBe(replaces);
      },
    );
  });

  describe('attendingRevokesSql', () => {
    it.each(ATTENDANCE_CASES.map((c, index) => ({ ...c, index })))(
      'joining $name revokes: $revokes, in SQL as in TypeScript',
      async ({ meeting, at, revokes, index }) => {
        const meetingId = await aMeeting({
          meetingDate: meeting.meetingDate,
          portalRevocationsClosedAt: meeting.portalRevocationsClosedAt,
          expiryDate: null,
        });
        const ids = await aMemberWithProxy(meetingId, `a${index}`);

        const revoked = await new ProxiesRepository(store).revokeOnAttendance(
          [ids.memberId],
          at,
        );

        expect(revoked.map((proxy) => proxy.id)).toEqual(
          revokes ? [ids.proxyId] : [],
        );
        expect(attendingRevokes(meeting, at)).toBe(revokes);
      },
    );
  });

  describe('representedSql', () => {
    it.each(REPRESENTATION_CASES.map((c, index) => ({ ...c, index })))(
      '$name: $represented, in SQL as in TypeScript',
      async ({ member, settings, represented, index }) => {
        const meetingId = await aMeeting({
          proxyHolderMustAttend: settings.proxyHolderMustAttend,
        });
        const ids = member.proxy
          ? await aMemberWithProxy(meetingId, `r${index}`, {
              status: member.proxy.status,
              holderPresent: member.proxy.holderPresent,
            })
          : await aMemberWithProxy(meetingId, `r${index}`, {
              status: 'withdrawn',
            });
        if (member.advanceBallot) {
          const [matter] = await store.db
            .insert(matters)
            .values({ meetingId, name: 'Early', options: ['A'], order: 0 })
            .returning({ id: matters.id });
          await store.db.insert(ballots).values({
            matterId: matter.id,
            memberId: ids.memberId,
            voterId: ids.voterId,
            method: 'proxy',
            choices: ['A'],
            weight: 1,
            castAt: new Date(),
          });
        }
        const result = await store.db.execute(sql`
          select ${sql.raw(representedSql({ member: 'mb', meeting: 'mt' }))} as represented
          from members mb join meetings mt on mt.id = mb.meeting_id where mb.id = ${ids.memberId}
        `);

        expect(rowsOf(result)).toEqual([{ represented }]);
        expect(isRepresented(member, settings)).toBe(represented);
        expect(
          (await new PresenceRepository(store).presentWeights(meetingId, []))
            .present.proxy.units,
        ).toBe(represented ? 1 : 0);
        expect(
          (
            await new PresenceRepository(store).presentWeights(meetingId, [
              ids.memberId,
            ])
          ).present.proxy.units,
        ).toBe(0);
      },
    );

    it("does not count a holder's ballot under a proxy that no longer stands", async () => {
      const meetingId = await aMeeting();
      const ids = await aMemberWithProxy(meetingId, 'held-then-withdrawn', {
        status: 'withdrawn',
      });
      const [matter] = await store.db
        .insert(matters)
        .values({ meetingId, name: 'Held', options: ['A'], order: 0 })
        .returning({ id: matters.id });
      await store.db.insert(ballots).values({
        matterId: matter.id,
        memberId: ids.memberId,
        proxyId: ids.proxyId,
        method: 'proxy',
        choices: ['A'],
        weight: 1,
        castAt: new Date(),
      });

      expect(
        (await new PresenceRepository(store).presentWeights(meetingId, []))
          .present.proxy.units,
      ).toBe(0);
    });
  });

  describe('presentBySql', () => {
    it.each(PRESENCE_CASES.map((c, index) => ({ ...c, index })))(
      '$name: $presentBy, in SQL as in TypeScript',
      async ({ member, settings, index, ...c }) => {
        const meetingId = await aMeeting({
          proxyHolderMustAttend: settings.proxyHolderMustAttend,
        });
        const { proxy, advanceBallot } = member.representation;
        const ids = await aMemberWithProxy(meetingId, `p${index}`, {
          status: proxy?.status ?? 'withdrawn',
          holderPresent: proxy?.holderPresent ?? false,
        });
        if (member.checkedIn)
          await store.db
            .update(voters)
            .set({ checkedInAt: new Date() })
            .where(eq(voters.id, ids.voterId));
        // each ballot on a matter of its own: a member's ballots are one a matter
        const cast = async (
          method: 'proxy' | 'live' | 'other',
          voterId: string | null,
        ) => {
          const [matter] = await store.db
            .insert(matters)
            .values({ meetingId, name: method, options: ['A'], order: 0 })
            .returning({ id: matters.id });
          await store.db.insert(ballots).values({
            matterId: matter.id,
            memberId: ids.memberId,
            voterId,
            method,
            choices: ['A'],
            weight: 1,
            castAt: new Date(),
          });
        };
        if (advanceBallot) await cast('proxy', ids.voterId);
        if (member.votedOnline) await cast('live', ids.voterId);
        if (member.floorBallot) await cast('other', null);
        const online = String(member.online);
        const result = await store.db.execute(sql`
          select ${sql.raw(presentBySql({ member: 'mb', meeting: 'mt' }, online))} as way
          from members mb join meetings mt on mt.id = mb.meeting_id where mb.id = ${ids.memberId}
        `);
        const weights = await new PresenceRepository(store).presentWeights(
          meetingId,
          member.online ? [ids.memberId] : [],
        );

        expect(rowsOf(result)).toEqual([{ way: c.presentBy }]);
        expect(presentBy(member, settings)).toBe(c.presentBy);
        expect(presentCountOf(weights.present)).toEqual(
          presentCount([c.presentBy]),
        );
        expect(weights.eligible.units).toBe(1);
      },
    );

    it("leaves a test voter's check-in out: its member is not present by it (docs/test-voters.md)", async () => {
      const meetingId = await aMeeting({ proxyHolderMustAttend: false });
      const ids = await aMemberWithProxy(meetingId, 'test-voter', {
        status: 'withdrawn',
        holderPresent: false,
      });
      await store.db.insert(voters).values({
        meetingId,
        memberId: ids.memberId,
        name: 'Rehearsal',
        email: 'rehearsal@test-voter.test',
        isTestVoter: true,
        checkedInAt: new Date(),
      });
      const result = await store.db.execute(sql`
        select ${sql.raw(presentBySql({ member: 'mb', meeting: 'mt' }, 'false'))} as way
        from members mb join meetings mt on mt.id = mb.meeting_id where mb.id = ${ids.memberId}
      `);
      expect(rowsOf(result)).toEqual([{ way: null }]);
      const weights = await new PresenceRepository(store).presentWeights(
        meetingId,
        [],
      );
      expect(presentCountOf(weights.present)).toEqual(presentCount([null]));
    });

    it('counts no member that may not vote, however present', async () => {
      const meetingId = await aMeeting();
      const ids = await aMemberWithProxy(meetingId, 'not-eligible');
      await store.db
        .update(members)
        .set({ eligible: false })
        .where(eq(members.id, ids.memberId));
      await store.db
        .update(voters)
        .set({ checkedInAt: new Date() })
        .where(eq(voters.id, ids.voterId));

      const weights = await new PresenceRepository(store).presentWeights(
        meetingId,
        [ids.memberId],
      );

      expect(presentCountOf(weights.present).presentMembers).toBe(0);
      expect(weights.eligible.units).toBe(0);
    });
  });
});
