import { Injectable } from '@nestjs/common';
import type {
  ScreenTokenResponse,
  ScreenTokenSummary,
} from '@livevote/contracts';
import { AppConfig } from '../config/app-config';
import { LiveTokens } from '../identity/live-tokens';
import { MeetingAccess } from '../meetings/meeting-access';
import { ScreenSessions } from '../sessions/screen-sessions';
import { SessionSignals } from '../sessions/session-signals';
import { mapScreenToken } from './screen-tokens.mapper';
import {
  ScreenTokenErrorCode,
  ScreenTokenException,
} from './screen-tokens.exception';

/**
 * Read-only tokens for scrutineers' big screens: they see tallies, they can do nothing. Any
 * manager of the account lists and revokes them; a revoked one ends its screens on every node.
 */
@Injectable()
export class ScreenTokensService {
  constructor(
    private readonly access: MeetingAccess,
    private readonly sessions: ScreenSessions,
    private readonly signals: SessionSignals,
    private readonly tokens: LiveTokens,
    private readonly config: AppConfig,
  ) {}

  async issue(userId: string, shortCode: string): Promise<ScreenTokenResponse> {
    const meeting = await this.access.require(userId, shortCode);
    return this.issueFor(meeting, userId);
  }

  /** A screen link for the meeting, made by the user (the demo's chair, too). */
  async issueFor(
    meeting: { id: string; shortCode: string },
    userId: string,
  ): Promise<ScreenTokenResponse> {
    const { key, expiresAt } = await this.sessions.record(meeting.id, userId);
    const token = this.tokens.issueScreen(meeting.id, key, expiresAt);
    return {
      key,
      token,
      expiresAt: expiresAt.toISOString(),
      screenUrl: `${this.config.publicUrl}/screen/${meeting.shortCode}?token=${encodeURIComponent(token)}`,
    };
  }

  async list(userId: string, shortCode: string): Promise<ScreenTokenSummary[]> {
    const meeting = await this.access.require(userId, shortCode);
    return (await this.sessions.list(meeting.id)).map(mapScreenToken);
  }

  async revoke(userId: string, shortCode: string, key: string): Promise<void> {
    const meeting = await this.access.require(userId, shortCode);
    if (!(await this.sessions.revoke(key, meeting.id)))
      throw new ScreenTokenException(ScreenTokenErrorCode.ScreenTokenNotFound);
    await this.signals.publish({ kind: 'screen-token', key });
  }
}
