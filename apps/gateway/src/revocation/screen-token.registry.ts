import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import {
  ScreenTokensRepository,
  type ListedScreenToken,
} from './screen-tokens.repository';

export const SCREEN_TOKEN_TTL_MS = 24 * 3_600_000;
/** `lastSeenAt` is written at most this often a token (per node), never per event. */
export const SCREEN_SEEN_EVERY_MS = 60_000;

/** Who made a screen's token: removing them from the account ends the screen. */
export interface ScreenMaker {
  accountId: string;
  userId: string;
}

/**
 * Screen tokens as sessions: each is a row (key, meeting, maker, expiry, revocation, last
 * seen) named by its signed token, checked when a screen connects and re-checked while it is
 * open; revocations reach open screens through RevocationSignalsService. docs/live-protocol.md.
 */
@Injectable()
export class ScreenTokenRegistry {
  constructor(
    private readonly repository: ScreenTokensRepository,
    private readonly clock: Clock,
  ) {}

  /** A new token's row, valid 24 hours: the token (LiveTokensService.issueScreen) names its key. */
  async record(
    meetingId: string,
    createdBy: string,
  ): Promise<{ key: string; expiresAt: Date }> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SCREEN_TOKEN_TTL_MS);
    const row = await this.repository.insert({
      meetingId,
      createdBy,
      createdAt: now,
      expiresAt,
    });
    return { key: row.id, expiresAt };
  }

  list(meetingId: string): Promise<ListedScreenToken[]> {
    return this.repository.listLive(meetingId, this.clock.now());
  }

  /** False when the meeting has no live token by that key (any shape of key). */
  revoke(key: string, meetingId: string): Promise<boolean> {
    if (!isUuid(key)) return Promise.resolve(false);
    return this.repository.revoke(key, meetingId, this.clock.now());
  }

  revokeMadeBy(accountId: string, userId: string): Promise<void> {
    return this.repository.revokeMadeBy(accountId, userId, this.clock.now());
  }

  /**
   * The maker of a live token of the meeting, the token marked seen (coalesced); null when it
   * is revoked, expired, unknown, or its maker has left the meeting's account.
   */
  async admit(key: string, meetingId: string): Promise<ScreenMaker | null> {
    if (!isUuid(key) || !isUuid(meetingId)) return null;
    const now = this.clock.now();
    const row = await this.repository.findAdmissible(key, meetingId, now);
    if (!row) return null;
    const staleBefore = new Date(now.getTime() - SCREEN_SEEN_EVERY_MS);
    if (!row.lastSeenAt || row.lastSeenAt < staleBefore)
      await this.repository.touch(key, now, staleBefore);
    return { accountId: row.accountId, userId: row.createdBy };
  }

  /** Marks the tokens of open screens seen; answers those still admissible. */
  stillOpen(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return Promise.resolve(new Set());
    return this.repository.touchOpen(keys, this.clock.now());
  }
}
