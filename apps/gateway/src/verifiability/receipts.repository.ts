import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Translated } from '@livevote/contracts';
import type { BallotMethod, VotingMethod } from '../database/schema';
import type { MatterTextFields } from '../common/meeting-texts';
import { Database, rowsOf } from '../database/database';

/** A cast of the member's, with what stands for the member on that matter now. */
export interface ReceiptRow {
  eventId: string;
  receipt: string;
  matterId: string;
  matterName: string;
  /** The matter's texts in the meeting's other languages (docs/i18n.md). */
  matterTranslations: Translated<MatterTextFields>;
  matterOrder: number;
  liveStatus: string;
  published: boolean;
  method: BallotMethod;
  voterId: string | null;
  proxyId: string | null;
  choices: string[];
  /** A cumulative ballot's votes, one per choice; null otherwise. */
  votes: number[] | null;
  /** The matter's: how the marks read. */
  votingMethod: VotingMethod;
  castAt: Date;
  proxyStatus: string | null;
  proxyRevokedAt: Date | null;
  standing: {
    eventId: string | null;
    receipt: string | null;
    method: BallotMethod;
    voterId: string | null;
    proxyId: string | null;
    castAt: Date;
  } | null;
  /** A later take-back of this holder's vote (an event without choices), when there was one. */
  withdrawnAt: Date | null;
}

/** One counted ballot of a closed matter, as the published count lists it. */
export interface CountedRow {
  receipt: string;
  weight: number;
  choices: string[];
  votes: number[] | null;
}

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);

/** The SQL of receipts and of the published count. */
@Injectable()
export class ReceiptsRepository {
  constructor(private readonly database: Database) {}

  /** The member's casts with a receipt (one, or all), newest first. */
  async ofMember(
    meetingId: string,
    memberId: string,
    receipt?: string,
  ): Promise<ReceiptRow[]> {
    const result = await this.database.db.execute(sql`
      select e.id as event_id, e.receipt, e.matter_id, m.name as matter_name, m.translations as matter_translations,
        m."order" as matter_order,
        m.live_status, (m.live_status = 'closed' and m.result_generation = m.live_generation
          and m.result ->> 'publishedAt' is not null) as published,
        e.method, e.voter_id, e.proxy_id, e.choices, e.votes, m.voting_method, e.cast_at,
        p.status as proxy_status, p.revoked_at as proxy_revoked_at,
        b.receipt_id as standing_event_id, se.receipt as standing_receipt, b.method as standing_method,
        b.voter_id as standing_voter_id, b.proxy_id as standing_proxy_id, b.cast_at as standing_cast_at,
        (select min(w.cast_at) from ballot_events w
          where w.matter_id = e.matter_id and w.member_id = e.member_id and w.proxy_id = e.proxy_id
            and jsonb_array_length(w.choices) = 0 and w.cast_at >= e.cast_at) as withdrawn_at
      from ballot_events e
      join matters m on m.id = e.matter_id and m.meeting_id = ${meetingId}
      left join proxies p on p.id = e.proxy_id
      left join ballots b on b.matter_id = e.matter_id and b.member_id = e.member_id
      left join ballot_events se on se.id = b.receipt_id
      where e.member_id = ${memberId} and e.receipt is not null
        ${receipt ? sql`and e.receipt = ${receipt}` : sql``}
      order by e.cast_at desc, e.id`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      eventId: row.event_id as string,
      receipt: row.receipt as string,
      matterId: row.matter_id as string,
      matterName: row.matter_name as string,
      matterTranslations:
        (row.matter_translations as Translated<MatterTextFields> | null) ?? {},
      matterOrder: Number(row.matter_order),
      liveStatus: row.live_status as string,
      published: Boolean(row.published),
      method: row.method as BallotMethod,
      voterId: (row.voter_id as string | null) ?? null,
      proxyId: (row.proxy_id as string | null) ?? null,
      choices: row.choices as string[],
      votes: (row.votes as number[] | null) ?? null,
      votingMethod: row.voting_method as VotingMethod,
      castAt: new Date(row.cast_at as string),
      proxyStatus: (row.proxy_status as string | null) ?? null,
      proxyRevokedAt: toDate(row.proxy_revoked_at),
      standing: row.standing_method
        ? {
            eventId: (row.standing_event_id as string | null) ?? null,
            receipt: (row.standing_receipt as string | null) ?? null,
            method: row.standing_method as BallotMethod,
            voterId: (row.standing_voter_id as string | null) ?? null,
            proxyId: (row.standing_proxy_id as string | null) ?? null,
            castAt: new Date(row.standing_cast_at as string),
          }
        : null,
      withdrawnAt: toDate(row.withdrawn_at),
    }));
  }

  /** Every ballot that counts on the matter, by receipt code: never who cast it. */
  async counted(matterId: string): Promise<CountedRow[]> {
    const result = await this.database.db.execute(sql`
      select e.receipt, b.weight::text as weight, b.choices, b.votes
      from ballots b join ballot_events e on e.id = b.receipt_id
      where b.matter_id = ${matterId} and e.receipt is not null
      order by e.receipt`);
    return rowsOf<{
      receipt: string;
      weight: string;
      choices: string[];
      votes: number[] | null;
    }>(result).map((row) => ({
      receipt: row.receipt,
      weight: Number(row.weight),
      choices: row.choices,
      votes: row.votes ?? null,
    }));
  }
}
