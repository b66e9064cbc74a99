import { Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiException } from '../common/api-exception';
import { AppConfig } from '../config/app-config';
import { spend, windowBudget } from '../identity/auth-rate-limit.service';
import { RedisConnection } from '../redis/redis.module';

const HOUR = 3600;

/**
 * How much mail managers may send by hand, shared by every node: a few messages an hour to one
 * address (an invite, a holder's link), and a few whole-meeting resends (docs/mail.md).
 */
@Injectable()
export class ResendBudgetStore {
  private readonly perRecipient: RateLimiterAbstract;
  private readonly perMeeting: RateLimiterAbstract;

  constructor(config: AppConfig, redis: RedisConnection) {
    this.perRecipient = windowBudget(
      redis,
      'resend-recipient',
      config.resends.perRecipientPerHour,
      HOUR,
    );
    this.perMeeting = windowBudget(
      redis,
      'resend-meeting',
      config.resends.bulkPerMeetingPerHour,
      HOUR,
    );
  }

  /** One message to `recipient` (a voter's or holder's key); 429 `rate_limited` beyond it. */
  async spendOne(recipient: string): Promise<void> {
    throw429(await spend([this.perRecipient, recipient]), 'resend');
  }

  /**
   * One message of a whole-meeting send to `address` in the meeting; false beyond the budget
   * (the address is skipped, the rest still go). Holds every bulk run, `uninvited` included,
   * to the per-recipient figure: that run tries failed addresses again, and runs side by side
   * would each send to everyone not yet recorded (docs/mail.md).
   */
  async allowsBulkOne(meetingId: string, address: string): Promise<boolean> {
    const key = `${meetingId}:${address.trim().toLowerCase()}`;
    return (await spend([this.perRecipient, key])) === null;
  }

  /** One whole-meeting resend; 429 `rate_limited` beyond it. */
  async spendBulk(meetingId: string): Promise<void> {
    throw429(await spend([this.perMeeting, meetingId]), 'bulk_resend');
  }
}

function throw429(retryAfter: number | null, variant: string): void {
  if (retryAfter !== null)
    throw new ApiException(
      429,
      'rate_limited',
      { variant },
      { 'retry-after': String(retryAfter) },
    );
}
