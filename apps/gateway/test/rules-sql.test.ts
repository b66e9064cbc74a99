import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  earlyVotingClosesAt,
  earlyVotingClosesAtSql,
  eligibleSql,
  isEligible,
  meetingEndsAt,
  meetingEndsAtSql,
  tally,
} from '@livevote/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELIGIBILITY_CASES } from '../../../libs/rules/src/eligibility.cases';
import { TALLY_CASES } from '../../../libs/rules/src/tally.cases';
import { openDatabase, rowsOf, type Database } from '../src/database/database';
import {
  accounts,
  ballots,
  matters,
  meetings,
  members,
} from '../src/database/schema';
import { mapTallyRow } from '../src/matters/matters.mapper';
import { MattersRepository } from '../src/matters/matters.repository';
import { MatterDirectory } from '../src/voting/matter-directory';
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
    values: { expiryDate?: Date | null; duration?: number } = {},
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
      const directory = new MatterDirectory(store);
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
      '$name: the SQL recount and the live counters agree with the rule',
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
        const live = tallyView(
          options,
          countersFromBallots(
            cast.map((b) => ({ ...b, choices: [...b.choices] })),
          ),
        );

        expect(tally(options, cast)).toEqual(expected);
        expect(recount.map(mapTallyRow)).toEqual(expected.rows);
        expect(live).toEqual(expected);
      },
    );
  });
});
