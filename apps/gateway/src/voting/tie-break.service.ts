import { Injectable } from '@nestjs/common';
import type { TieBreakRequest } from '@livevote/contracts';
import { AuditLogService } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { MatterErrorCode, MatterException } from '../matters/matters.exception';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { breakTie } from '../results/election-result';
import { currentResult, type StoredResult } from '../results/results.mapper';
import {
  ResultsErrorCode,
  ResultsException,
} from '../results/results.exception';
import { ResultsRepository } from '../results/results.repository';
import { MatterResultsService } from './matter-results.service';

/**
 * The chair's decision on a tied result (docs/elections.md, "Ties"): which of the tied options
 * take the seats left, and how it was decided (by lot, a casting vote, or otherwise). It comes
 * before the scrutineer's sign-off, which then covers it; a reopen or a new close forgets it
 * with the result it decided.
 */
@Injectable()
export class TieBreakService {
  constructor(
    private readonly repository: ResultsRepository,
    private readonly access: MeetingAccessService,
    private readonly results: MatterResultsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
  ) {}

  async decide(
    userId: string,
    shortCode: string,
    matterKey: string,
    request: TieBreakRequest,
  ): Promise<void> {
    const meeting = await this.access.require(userId, shortCode);
    if (!isUuid(matterKey))
      throw new MatterException(MatterErrorCode.MatterNotFound);
    // a close a moment ago may not be counted yet
    await this.results.resolve(matterKey);
    const decided = await this.unitOfWork.run(async () => {
      const matter = await this.repository.lockMatter(meeting.id, matterKey);
      if (!matter) throw new MatterException(MatterErrorCode.MatterNotFound);
      if (matter.liveStatus !== 'closed')
        throw new ResultsException(ResultsErrorCode.NotTied);
      const stored = currentResult(matter);
      if (!stored) throw new ResultsException(ResultsErrorCode.ResultNotReady);
      if (stored.verdict !== 'tied')
        throw new ResultsException(ResultsErrorCode.NotTied);
      if (stored.signedOff)
        throw new ResultsException(ResultsErrorCode.AlreadySignedOff);
      const user = await this.repository.user(userId);
      const outcome = breakTie(matter, stored, {
        elected: request.elected,
        method: request.method,
        note: request.note,
        decidedBy: user?.email ?? userId,
        decidedAt: this.clock.now().toISOString(),
      });
      if ('errors' in outcome)
        throw new ResultsException(
          ResultsErrorCode.InvalidTieBreak,
          { values: { seats: outcome.seats } },
          outcome.errors,
        );
      const next: StoredResult = { ...stored, ...outcome.result };
      await this.repository.updateResult(matter.id, next);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'result.tie_break',
        actor: { userId },
        subject: { type: 'matter', key: matter.id, label: matter.name },
        changes: {
          verdict: { from: stored.verdict, to: next.verdict },
          tied: stored.tied,
          elected: request.elected,
          method: request.method,
          note: request.note,
        },
      });
      return { matter, next };
    });
    // chairs and screens, and everyone once published, as a sign-off is heard
    await this.results.announce(
      decided.matter,
      meeting.shortCode,
      decided.next,
    );
  }
}
