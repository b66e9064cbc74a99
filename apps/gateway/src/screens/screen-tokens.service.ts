import { Injectable } from '@nestjs/common';
import type {
  ScreenTokenResponse,
  ScreenTokenSummary,
} from '@livevote/contracts';
import { AuditLogService } from '../audit/audit-log.service';
import { UnitOfWork } from '../database/database';
import { AppConfig } from '../config/app-config';
import { LiveTokensService } from '../identity/live-tokens.service';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { ScreenTokenRegistry } from '../revocation/screen-token.registry';
import { RevocationSignalsService } from '../revocation/revocation-signals.service';
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
    private readonly access: MeetingAccessService,
    private readonly screenTokens: ScreenTokenRegistry,
    private readonly signals: RevocationSignalsService,
    private readonly tokens: LiveTokensService,
    private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditLogService,
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
    const { key, expiresAt } = await this.unitOfWork.run(async () => {
      const made = await this.screenTokens.record(meeting.id, userId);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'screen_token.create',
        actor: { userId },
        subject: { type: 'screen_token', key: made.key },
        changes: { expiresAt: made.expiresAt.toISOString() },
      });
      return made;
    });
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
    return (await this.screenTokens.list(meeting.id)).map(mapScreenToken);
  }

  async revoke(userId: string, shortCode: string, key: string): Promise<void> {
    await this.unitOfWork.run(async () => {
      const meeting = await this.access.require(userId, shortCode);
      if (!(await this.screenTokens.revoke(key, meeting.id)))
        throw new ScreenTokenException(
          ScreenTokenErrorCode.ScreenTokenNotFound,
        );
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'screen_token.revoke',
        actor: { userId },
        subject: { type: 'screen_token', key: key.toLowerCase() },
      });
    });
    await this.signals.publish({ kind: 'screen-token', key });
  }
}
