import { Injectable } from '@nestjs/common';
import type { ScreenTokenResponse } from '@livevote/contracts';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { LiveTokens } from '../identity/live-tokens';
import { MeetingAccess } from '../meetings/meeting-access';

const SCREEN_TOKEN_TTL_MS = 24 * 3_600_000;

/** Read-only tokens for scrutineers' big screens: they see tallies, they can do nothing. */
@Injectable()
export class ScreenTokensService {
  constructor(
    private readonly access: MeetingAccess,
    private readonly tokens: LiveTokens,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async issue(userId: string, shortCode: string): Promise<ScreenTokenResponse> {
    const meeting = await this.access.require(userId, shortCode);
    const expiresAt = new Date(this.clock.nowMs() + SCREEN_TOKEN_TTL_MS);
    const token = this.tokens.issueScreen(meeting.id, expiresAt);
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      screenUrl: `${this.config.publicUrl}/screen/${meeting.shortCode}?token=${encodeURIComponent(token)}`,
    };
  }
}
