import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { ApiException } from '../common/api-exception';
import { Database } from '../database/database';
import { accountUsers, meetings } from '../database/schema';

export type MeetingRow = typeof meetings.$inferSelect;

export class MeetingNotFoundException extends ApiException {
  constructor() {
    super(404, 'meeting_not_found');
  }
}

/**
 * Tenancy for every /v1/Meetings/{shortCode} route: the meeting when it belongs to an account
 * the user is in, otherwise a 404 that says nothing about whether it exists.
 */
@Injectable()
export class MeetingAccessService {
  constructor(private readonly database: Database) {}

  async require(userId: string, shortCode: string): Promise<MeetingRow> {
    const meeting = await this.find(userId, shortCode);
    if (!meeting) throw new MeetingNotFoundException();
    return meeting;
  }

  /**
   * The meeting of a short code, whoever asks: for voters and screens, whose token names their
   * meeting (the caller compares it and answers 404 for any other).
   */
  async byShortCode(shortCode: string): Promise<MeetingRow | undefined> {
    if (!/^[a-z0-9-]{1,64}$/.test(shortCode)) return undefined;
    const [row] = await this.database.db
      .select()
      .from(meetings)
      .where(eq(meetings.shortCode, shortCode))
      .limit(1);
    return row;
  }

  /** As require, with the meeting row locked until the transaction ends (for commands). */
  async requireForUpdate(
    userId: string,
    shortCode: string,
  ): Promise<MeetingRow> {
    const meeting = await this.find(userId, shortCode, true);
    if (!meeting) throw new MeetingNotFoundException();
    return meeting;
  }

  private async find(
    userId: string,
    shortCode: string,
    lock = false,
  ): Promise<MeetingRow | undefined> {
    if (!/^[a-z0-9-]{1,64}$/.test(shortCode)) return undefined;
    const query = this.database.db
      .select({ meeting: meetings })
      .from(meetings)
      .innerJoin(
        accountUsers,
        and(
          eq(accountUsers.accountId, meetings.accountId),
          eq(accountUsers.userId, userId),
        ),
      )
      .where(eq(meetings.shortCode, shortCode))
      .limit(1);
    const [row] = lock
      ? await query.for('update', { of: meetings })
      : await query;
    return row?.meeting;
  }
}
