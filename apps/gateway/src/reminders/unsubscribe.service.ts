import { Injectable } from '@nestjs/common';
import type { UnsubscribeResult } from '@livevote/contracts';
import { ApiException } from '../common/api-exception';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { RemindersErrorCode, RemindersException } from './reminders.exception';
import { mapUnsubscribeResult } from './reminders.mapper';
import { RemindersRepository } from './reminders.repository';
import {
  confirmPage,
  invalidLinkPage,
  type UnsubscribePage,
} from './unsubscribe-pages';
import { UnsubscribeTokensService } from './unsubscribe-tokens.service';

/** The unsubscribe link of scheduled e-mails: its page, and turning the e-mails off. */
@Injectable()
export class UnsubscribeService {
  constructor(
    private readonly reminders: RemindersRepository,
    private readonly unsubscribeTokens: UnsubscribeTokensService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** The GET of an unsubscribe link: a page that asks first, or says the link is bad. */
  async unsubscribePage(token: string): Promise<UnsubscribePage> {
    try {
      const { voter, scope } = await this.unsubscribeTarget(token);
      return confirmPage({ ...voter, scope }, token);
    } catch (error) {
      if (error instanceof ApiException)
        return invalidLinkPage(error.message, error.status);
      throw error;
    }
  }

  /** Turns reminders (or all e-mail) off for the voter of the link; repeating it is harmless. */
  unsubscribe(token: string): Promise<UnsubscribeResult> {
    return this.unitOfWork.run(async () => {
      const { voter, scope } = await this.unsubscribeTarget(token);
      const preferences = await this.reminders.turnOff(
        voter.id,
        scope === 'all'
          ? { disableAllEmails: true }
          : { disableConsentReminders: true },
        this.clock.now(),
      );
      return mapUnsubscribeResult(voter, preferences);
    });
  }

  private async unsubscribeTarget(token: string) {
    const claim = this.unsubscribeTokens.verify(token);
    if (!claim)
      throw new RemindersException(RemindersErrorCode.InvalidUnsubscribeToken);
    const voter = await this.reminders.voterOfMeeting(
      claim.voterId,
      claim.meetingId,
    );
    if (!voter) throw new RemindersException(RemindersErrorCode.VoterNotFound);
    return { voter, scope: claim.scope };
  }
}
