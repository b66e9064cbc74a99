import { Injectable } from '@nestjs/common';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type {
  ListMembersQuery,
  MemberFilter,
  MemberFilterProperty,
} from '@livevote/contracts';
import { Database, rowsOf } from '../database/database';
import { ballotEvents, ballots, members } from '../database/schema';
import { escapeLike } from '../common/text';

/** A member as the gateway reads and writes it: the search text is the triggers' own. */
export type MemberRow = Omit<typeof members.$inferSelect, 'searchText'>;
export type MemberInsert = Omit<typeof members.$inferInsert, 'searchText'>;
export type MemberWithLiveVotes = MemberRow & { hasLiveVotes: boolean };
export type MemberImportColumn = keyof Pick<
  MemberInsert,
  | 'mailAddress1'
  | 'mailAddress2'
  | 'mailCity'
  | 'mailProv'
  | 'mailPostal'
  | 'mailCountry'
  | 'controlNumber'
  | 'eligible'
  | 'shares'
  | 'tags'
>;

const INSERT_CHUNK = 500;

// Spelled out: drizzle leaves columns of a one-table select unqualified, and the subquery
// would then compare the ballot's own id.
const hasLiveVotes = sql<boolean>`exists (select 1 from ${ballots} as b where b.${sql.identifier(ballots.memberId.name)} = ${members}.${sql.identifier(members.id.name)} and b.${sql.identifier(ballots.method.name)} = 'live')`;

const memberColumns = {
  id: members.id,
  meetingId: members.meetingId,
  unit: members.unit,
  mailAddress1: members.mailAddress1,
  mailAddress2: members.mailAddress2,
  mailCity: members.mailCity,
  mailProv: members.mailProv,
  mailPostal: members.mailPostal,
  mailCountry: members.mailCountry,
  customData: members.customData,
  controlNumber: members.controlNumber,
  eligible: members.eligible,
  shares: members.shares,
  tags: members.tags,
  createdAt: members.createdAt,
  updatedAt: members.updatedAt,
  hasLiveVotes,
};

function filterCondition(filter: MemberFilter): SQL {
  const lowerEquals = (column: SQLWrapper) =>
    sql`lower(${column}) = lower(${filter.value})`;
  const byProperty: Record<MemberFilterProperty, () => SQL> = {
    unit: () => lowerEquals(members.unit),
    eligible: () => eq(members.eligible, filter.value === 'true'),
    tag: () => sql`${members.tags} @> ${JSON.stringify([filter.value])}::jsonb`,
    mailCity: () => lowerEquals(members.mailCity),
    mailProv: () => lowerEquals(members.mailProv),
    mailCountry: () => lowerEquals(members.mailCountry),
  };
  return byProperty[filter.property]();
}

@Injectable()
export class MembersRepository {
  constructor(private readonly database: Database) {}

  /** One page of members and the total that match; voters are loaded separately. */
  async list(
    meetingId: string,
    query: ListMembersQuery,
  ): Promise<{ rows: MemberWithLiveVotes[]; total: number }> {
    const where = and(
      eq(members.meetingId, meetingId),
      ...this.conditions(meetingId, query),
    );
    const direction = query.sortOrder === 'desc' ? desc : asc;
    const order: SQL[] =
      query.sortBy === 'unit'
        ? // Natural order for the usual numbered units: 2 before 10.
          [
            sql`nullif(substring(${members.unit} from '^[0-9]+'), '')::numeric ${sql.raw(query.sortOrder === 'desc' ? 'desc nulls first' : 'asc nulls last')}`,
            direction(members.unit),
          ]
        : [direction(members[query.sortBy])];
    // hasLiveVotes for the page's rows only: in the select list it was worked out for every
    // row the offset skips too
    const { hasLiveVotes: _skipped, ...pageColumns } = memberColumns;
    const [rows, [total]] = await Promise.all([
      this.database.db
        .select(pageColumns)
        .from(members)
        .where(where)
        .orderBy(...order, direction(members.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.database.db.select({ n: count() }).from(members).where(where),
    ]);
    const live = rows.length
      ? await this.database.db
          .selectDistinct({ memberId: ballots.memberId })
          .from(ballots)
          .where(
            and(
              inArray(
                ballots.memberId,
                rows.map((row) => row.id),
              ),
              eq(ballots.method, 'live'),
            ),
          )
      : [];
    const withLive = new Set(live.map((row) => row.memberId));
    return {
      rows: rows.map((row) => ({ ...row, hasLiveVotes: withLive.has(row.id) })),
      total: Number(total?.n ?? 0),
    };
  }

  private conditions(meetingId: string, query: ListMembersQuery): SQL[] {
    const conditions: SQL[] = [];
    // one trigram index scan of the members' search text, which holds the unit and its
    // voters' names and e-mails (schema.ts); short texts (under 3 characters) scan the meeting
    if (query.searchText)
      conditions.push(
        ilike(members.searchText, `%${escapeLike(query.searchText)}%`),
      );
    const byProperty = new Map<MemberFilterProperty, SQL[]>();
    for (const filter of query.filters ?? []) {
      const list = byProperty.get(filter.property) ?? [];
      list.push(filterCondition(filter));
      byProperty.set(filter.property, list);
    }
    for (const alternatives of byProperty.values())
      conditions.push(or(...alternatives)!);
    return conditions;
  }

  async find(
    meetingId: string,
    memberId: string,
    options: { lock?: boolean } = {},
  ): Promise<MemberWithLiveVotes | undefined> {
    const query = this.database.db
      .select(memberColumns)
      .from(members)
      .where(and(eq(members.meetingId, meetingId), eq(members.id, memberId)))
      .limit(1);
    const [row] = options.lock
      ? await query.for('update', { of: members })
      : await query;
    return row;
  }

  async unitTaken(
    meetingId: string,
    unit: string,
    exceptId?: string,
  ): Promise<boolean> {
    return this.taken(eq(members.unit, unit), meetingId, exceptId);
  }

  async controlNumberTaken(
    meetingId: string,
    controlNumber: string,
    exceptId?: string,
  ): Promise<boolean> {
    return this.taken(
      eq(members.controlNumber, controlNumber),
      meetingId,
      exceptId,
    );
  }

  private async taken(
    condition: SQL,
    meetingId: string,
    exceptId?: string,
  ): Promise<boolean> {
    const [row] = await this.database.db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.meetingId, meetingId),
          condition,
          exceptId ? ne(members.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async insert(values: MemberInsert): Promise<MemberRow> {
    const [row] = await this.database.db
      .insert(members)
      .values(values)
      .returning();
    return row;
  }

  async update(
    memberId: string,
    values: Partial<MemberInsert>,
  ): Promise<MemberRow> {
    const [row] = await this.database.db
      .update(members)
      .set(values)
      .where(eq(members.id, memberId))
      .returning();
    return row;
  }

  async delete(memberId: string): Promise<void> {
    await this.database.db.delete(members).where(eq(members.id, memberId));
  }

  /** Whether it holds a ballot, or ever did: cast events are kept for good (docs/verifiability.md). */
  async holdsBallots(memberId: string): Promise<boolean> {
    const [row] = rowsOf<{ held: boolean }>(
      await this.database.db.execute(sql`
        select exists (select 1 from ${ballots} where member_id = ${memberId})
          or exists (select 1 from ${ballotEvents} where member_id = ${memberId}) as held`),
    );
    return Boolean(row?.held);
  }

  /** Unit and control number of every member of the meeting (the import checks against them). */
  listKeys(
    meetingId: string,
  ): Promise<{ id: string; unit: string; controlNumber: string }[]> {
    return this.database.db
      .select({
        id: members.id,
        unit: members.unit,
        controlNumber: members.controlNumber,
      })
      .from(members)
      .where(eq(members.meetingId, meetingId));
  }

  /**
   * Inserts the members, or updates the given columns of those whose unit exists already,
   * in multi-row statements; answers the id of each unit.
   */
  async upsertMany(
    rows: MemberInsert[],
    updateColumns: MemberImportColumn[],
  ): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    const set: Record<string, SQL> = {
      updatedAt: sql.raw(`excluded."${members.updatedAt.name}"`),
    };
    for (const column of updateColumns)
      set[column] = sql.raw(`excluded."${members[column].name}"`);
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const written = await this.database.db
        .insert(members)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflictDoUpdate({ target: [members.meetingId, members.unit], set })
        .returning({ id: members.id, unit: members.unit });
      for (const row of written) ids.set(row.unit, row.id);
    }
    return ids;
  }
}
