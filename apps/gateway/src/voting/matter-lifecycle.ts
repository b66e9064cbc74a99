import { Injectable } from '@nestjs/common';
import type { MatterActionRequest } from '@livevote/contracts';
import { transition } from '@livevote/rules';
import { AuditLog, changesOf } from '../audit/audit-log';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { MeetingAccess } from '../meetings/meeting-access';
import { LiveTallies } from './live-tallies';
import { LiveVotingRepository } from './live-voting.repository';
import { MatterClose } from './matter-close';
import { MatterDirectory } from './matter-directory';
import { MatterEvents } from './matter-events';
import { MatterStates } from './matter-states';
import { MatterResults } from './matter-results';
import {
  TRANSITION_CODES,
  VotingErrorCode,
  VotingException,
} from './voting.exception';

/** A chair's start, extend and stop: the state machine applied under the matter's row lock. */
@Injectable()
export class MatterLifecycle {
  constructor(
    private readonly repository: LiveVotingRepository,
    private readonly access: MeetingAccess,
    private readonly directory: MatterDirectory,
    private readonly states: MatterStates,
    private readonly close: MatterClose,
    private readonly tallies: LiveTallies,
    private readonly events: MatterEvents,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly results: MatterResults,
    private readonly audit: AuditLog,
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
