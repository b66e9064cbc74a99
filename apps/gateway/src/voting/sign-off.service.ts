import { Injectable } from '@nestjs/common';
import type { SignOffStatus } from '@livevote/contracts';
import { AuditLogService, changesOf } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { MatterErrorCode, MatterException } from '../matters/matters.exception';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import { MatterResultsService } from './matter-results.service';
import { currentResult, type StoredResult } from '../results/results.mapper';
import {
  ResultsErrorCode,
  ResultsException,
} from '../results/results.exception';
import { ResultsRepository } from '../results/results.repository';

/**
 * Scrutineers and their sign-off: where the meeting requires it, a closed matter's result
 * reaches voters and partners only once a scrutineer signed it off (docs/verdicts.md).
 */
@Injectable()
export class SignOffService {
  constructor(
    private readonly repository: ResultsRepository,
    private readonly access: MeetingAccessService,
    private readonly results: MatterResultsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
  ) {}

  async status(userId: string, shortCode: string): Promise<SignOffStatus> {
    const meeting = await this.access.require(userId, shortCode);
    return this.statusOf(meeting, userId);
  }

  /** Names the meeting's scrutineers: users of the account with the scrutineer role. */
  nameScrutineers(
    userId: string,
    shortCode: string,
    emails: string[],
  ): Promise<SignOffStatus> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.access.requireForUpdate(userId, shortCode);
      const found = await this.repository.usersByEmail(
        meeting.accountId,
        emails,
      );
      const byEmail = new Map(
        found.map((user) => [user.email.toLowerCase(), user]),
      );
      const errors = emails.flatMap((email, index) => {
        const user = byEmail.get(email.toLowerCase());
        return user?.roles.includes('scrutineer')
          ? []
          : [
              {
                path: `emails.${index}`,
                message: user
                  ? 'This user does not have the scrutineer role in the account.'
                  : 'No user of the account has this e-mail.',
              },
            ];
      });
      if (errors.length)
        throw new ResultsException(
          ResultsErrorCode.InvalidScrutineer,
          undefined,
          errors,
        );
      const ids = [
        ...new Set(emails.map((email) => byEmail.get(email.toLowerCase())!.id)),
      ];
      await this.repository.nameScrutineers(meeting.id, ids);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'meeting.scrutineers',
        actor: { userId },
        subject: {
          type: 'meeting',
          key: meeting.shortCode,
          label: meeting.name,
        },
        changes: changesOf(meeting, { ...meeting, scrutineers: ids }, [
          'scrutineers',
        ]),
      });
      return this.statusOf({ ...meeting, scrutineers: ids }, userId);
    });
  }

  /** Signs off the result of the matter's last close, and publishes it if it was not. */
  async signOff(
    userId: string,
    shortCode: string,
    matterKey: string,
  ): Promise<void> {
    const meeting = await this.access.require(userId, shortCode);
    if (!isUuid(matterKey))
      throw new MatterException(MatterErrorCode.MatterNotFound);
    // a close a moment ago may not be counted yet
    await this.results.resolve(matterKey);
    const signed = await this.unitOfWork.run(async () => {
      const matter = await this.repository.lockMatter(meeting.id, matterKey);
      if (!matter) throw new MatterException(MatterErrorCode.MatterNotFound);
      if (!(await this.maySignOff(meeting, userId)))
        throw new ResultsException(ResultsErrorCode.NotAScrutineer);
      if (matter.liveStatus !== 'closed')
        throw new ResultsException(ResultsErrorCode.MatterNotClosed);
      const stored = currentResult(matter);
      if (!stored) throw new ResultsException(ResultsErrorCode.ResultNotReady);
      if (stored.signedOff)
        throw new ResultsException(ResultsErrorCode.AlreadySignedOff);
      const user = await this.repository.user(userId);
      const at = this.clock.now().toISOString();
      const next: StoredResult = {
        ...stored,
        signedOff: {
          userId,
          email: user?.email ?? '',
          name: user?.name ?? '',
          at,
        },
        publishedAt: stored.publishedAt ?? at,
      };
      await this.repository.updateResult(matter.id, next);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'result.sign_off',
        actor: { userId },
        subject: { type: 'matter', key: matter.id, label: matter.name },
        changes: {
          verdict: stored.verdict,
          publishedAt: { from: stored.publishedAt, to: next.publishedAt },
          chainHead: stored.chainHead ?? null,
        },
      });
      return { matter, next };
    });
    await this.results.announce(signed.matter, meeting.shortCode, signed.next);
  }

  private async maySignOff(
    meeting: MeetingRow,
    userId: string,
  ): Promise<boolean> {
    const roles = await this.repository.rolesOf(meeting.accountId, userId);
    if (!roles?.includes('scrutineer')) return false;
    return !meeting.scrutineers.length || meeting.scrutineers.includes(userId);
  }

  private async statusOf(
    meeting: MeetingRow,
    userId: string,
  ): Promise<SignOffStatus> {
    const named = meeting.scrutineers.length > 0;
    const scrutineers = await this.repository.scrutineers(
      meeting.accountId,
      named ? meeting.scrutineers : undefined,
    );
    return {
      requireSignOff: meeting.requireSignOff,
      scrutineers: scrutineers.map(({ email, name }) => ({ email, name })),
      named,
      maySignOff: await this.maySignOff(meeting, userId),
    };
  }
}
