import { Injectable } from '@nestjs/common';
import type { MatterActionRequest } from '@livevote/contracts';
import { transition } from '@livevote/rules';
import { AuditLogService, changesOf } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { LiveTalliesService } from './live-tallies.service';
import { LiveVotingRepository } from './live-voting.repository';
import { MatterCloseService } from './matter-close.service';
import { MatterDirectoryStore } from './matter-directory.store';
import { MatterEventsRegistry } from './matter-events.registry';
import { MatterStatesService } from './matter-states.service';
import { MatterResultsService } from './matter-results.service';
import {
  TRANSITION_CODES,
  VotingErrorCode,
  VotingException,
} from './voting.exception';

/** A chair's start, extend and stop: the state machine applied under the matter's row lock. */
@Injectable()
export class MatterLifecycleService {
  constructor(
    private readonly repository: LiveVotingRepository,
    private readonly access: MeetingAccessService,
    private readonly directory: MatterDirectoryStore,
    private readonly states: MatterStatesService,
    private readonly close: MatterCloseService,
    private readonly tallies: LiveTalliesService,
    private readonly events: MatterEventsRegistry,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly results: MatterResultsService,
    private readonly audit: AuditLogService,
  ) {}

  async action(
    userId: string,
    shortCode: string,
    matterKey: string,
    request: MatterActionRequest,
  ): Promise<void> {
    const { before, after } = await this.unitOfWork.run(async () => {
      const meeting = await this.access.require(userId, shortCode);
      const matter = isUuid(matterKey)
        ? await this.repository.lock(meeting.id, matterKey)
        : undefined;
      if (!matter) throw new VotingException(VotingErrorCode.MatterNotFound);
      const now = this.clock.now();
      const { change, refused } = transition(matter, request, now);
      if (refused) throw new VotingException(TRANSITION_CODES[refused]);
      const after = await this.repository.setLiveState(matter.id, change, now);
      // quorum to start and one live matter (docs/verdicts.md), in the same transaction
      if (request.action === 'start')
        await this.results.onStart(
          meeting,
          after.id,
          userId,
          request.overrideQuorum === true,
        );
      if (after.liveStatus === 'closed') await this.close.record(after, 'stop');
      await this.audit.record({
        meetingId: meeting.id,
        kind:
          request.action === 'start' && matter.liveStatus === 'closed'
            ? 'matter.reopen'
            : `matter.${request.action}`,
        actor: { userId },
        subject: { type: 'matter', key: after.id, label: after.name },
        changes: {
          ...changesOf(matter, after, ['liveStatus', 'liveEndsAt']),
          ...(request.duration !== undefined
            ? { duration: request.duration }
            : {}),
          ...(request.overrideQuorum ? { overrideQuorum: true } : {}),
        },
      });
      return { before: matter, after };
    });
    if (after.liveStatus === 'closed') {
      return this.close.announce(
        {
          matter: after,
          reason: 'stop',
          liveGeneration: before.liveGeneration,
        },
        shortCode,
      );
    }
    this.directory.invalidate(after.id);
    if (request.action === 'start') {
      // the tally first, so the state announcing the start carries its forecast, not a null
      // corrected by a second state a moment later (docs/verdicts.md)
      await this.tallies.rebuild(after.id);
      await this.states.publish(
        after,
        shortCode,
        await this.tallies.forecastNow(after.id),
      );
      await this.events.opened(after);
    } else {
      await this.states.publish(after, shortCode);
      await this.events.extended(after, before);
    }
    await this.tallies.broadcastNow(after.id);
  }
}
