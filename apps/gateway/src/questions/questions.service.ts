import type { LanguageCode } from '@livevote/contracts';
import { portalLanguage, type PortalReader } from '../common/reader-language';
import { translatedCategories } from '../portal/portal.mapper';
import { Injectable, Logger } from '@nestjs/common';
import type {
  AskQuestionRequest,
  ListQuestionsQuery,
  ModerateQuestionRequest,
  OwnQuestion,
  OwnQuestions,
  Question,
  ScreenQuestion,
} from '@livevote/contracts';
import { isMeetingOver } from '@livevote/rules';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AuditLogService, changesOf } from '../audit/audit-log.service';
import { LiveBroadcastService } from '../broadcast/live-broadcast.service';
import { ScreenQuestionsRegistry } from '../broadcast/screen-questions.registry';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/database';
import { minuteBudget, spend } from '../identity/auth-rate-limit.service';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import { RedisConnection } from '../redis/redis.module';
import type { VoterPrincipal } from '../identity/voter-principal';
import {
  mapOwnQuestion,
  mapQuestion,
  mapScreenQuestion,
} from './questions.mapper';
import { QuestionErrorCode, QuestionException } from './questions.exception';
import {
  TestVoterRemovals,
  type TestVoterRemoval,
} from '../members/test-voter-removals';
import { QuestionsRepository } from './questions.repository';

const QUESTION_VERBS: Record<string, 'approve' | 'answer' | 'dismiss'> = {
  approved: 'approve',
  answered: 'answer',
  dismissed: 'dismiss',
};

/** Questions a member (all its voters together) may ask a minute, across every node (docs/security.md). */
export const QUESTIONS_PER_MINUTE = 5;

/**
 * The canonical category a voter named: the category itself, or its name in one of the
 * meeting's languages (docs/i18n.md); undefined when it is neither.
 */
export function canonicalCategory(
  meeting: Pick<MeetingRow, 'questionCategories' | 'settingsTranslations'>,
  given: string,
): string | undefined {
  if (meeting.questionCategories.includes(given)) return given;
  for (const fields of Object.values(meeting.settingsTranslations)) {
    const index = fields?.questionCategories?.indexOf(given) ?? -1;
    if (index >= 0) return meeting.questionCategories[index];
  }
  return undefined;
}

/** A stored (canonical) category as a reader of `language` reads it. */
function categoryLabel(
  meeting: Pick<MeetingRow, 'questionCategories' | 'settingsTranslations'>,
  language: LanguageCode,
): (category: string) => string {
  const labels = translatedCategories(meeting, language);
  return (category) => {
    const index = meeting.questionCategories.indexOf(category);
    return index >= 0 ? labels[index] : category;
  };
}

/**
 * Voters' questions and the chair's moderation (docs/hybrid-meetings.md, "Questions"). Every
 * change is told live: the queue to chairs, the asker's own question to the asker, and the
 * question on the big screen to screens and chairs (docs/live-protocol.md).
 */
@Injectable()
export class QuestionsService {
  private readonly logger = new Logger('Questions');
  private readonly perMember: RateLimiterAbstract;

  constructor(
    private readonly access: MeetingAccessService,
    private readonly questions: QuestionsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly broadcaster: LiveBroadcastService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly audit: AuditLogService,
    redis: RedisConnection,
    screenQuestions: ScreenQuestionsRegistry,
    testVoterRemovals: TestVoterRemovals,
  ) {
    this.perMember = minuteBudget(redis, 'questions', QUESTIONS_PER_MINUTE);
    screenQuestions.provide((meetingId) => this.onScreen(meetingId));
    testVoterRemovals.subscribe((removal) => this.removeTestVoters(removal));
  }

  /**
   * A test voter's questions go with it, in its deleting transaction (docs/test-voters.md);
   * once committed the chairs drop them from their queue, and the screen one it showed.
   */
  private async removeTestVoters(removal: TestVoterRemoval): Promise<void> {
    const removed = await this.questions.deleteByVoter(removal.voterId);
    if (removed.length === 0) return;
    const meeting = { id: removal.meetingId, shortCode: removal.shortCode };
    await this.unitOfWork.afterCommit(async () => {
      for (const question of removed)
        this.broadcaster.toChairs(meeting.id, 'question.removed', {
          shortCode: meeting.shortCode,
          questionKey: question.id,
        });
      if (removed.some((question) => question.onScreen))
        await this.tellScreens(meeting);
    });
  }

  async ask(
    voter: VoterPrincipal,
    shortCode: string,
    body: AskQuestionRequest,
    reader: PortalReader,
  ): Promise<OwnQuestion> {
    const meeting = await this.ownMeeting(voter, shortCode);
    // filed under the canonical category, whichever language the voter named it in
    const category = canonicalCategory(meeting, body.category);
    if (category === undefined)
      throw new QuestionException(QuestionErrorCode.UnknownCategory);
    const now = this.clock.now();
    if (isMeetingOver(meeting, now))
      throw new QuestionException(QuestionErrorCode.QuestionsClosed);
    // a unit asks as one, however many voters it registers (docs/hybrid-meetings.md)
    const retryAfter = await spend([this.perMember, voter.memberId]);
    if (retryAfter !== null) {
      throw new QuestionException(QuestionErrorCode.RateLimited, {
        'retry-after': String(retryAfter),
      });
    }
    const asker = await this.questions.voter(voter.voterId, voter.memberId);
    if (!asker) throw new QuestionException(QuestionErrorCode.MeetingNotFound);
    const row = await this.unitOfWork.run(async () => {
      await this.questions.lockQueue(meeting.id);
      const waiting = await this.questions.waiting(meeting.id, voter.memberId);
      if (waiting.member >= this.config.questions.pendingPerMember)
        throw new QuestionException(QuestionErrorCode.TooManyQuestions);
      if (waiting.meeting >= this.config.questions.pendingPerMeeting)
        throw new QuestionException(QuestionErrorCode.QuestionQueueFull);
      return this.questions.insert({
        meetingId: meeting.id,
        memberId: voter.memberId,
        voterId: voter.voterId,
        voterName: asker.name,
        category,
        text: body.text,
        askedAt: now,
        updatedAt: now,
      });
    });
    await this.tellChairs(meeting, [row.id], 'question.new');
    return mapOwnQuestion(
      row,
      categoryLabel(meeting, portalLanguage(reader, meeting)),
    );
  }

  /** The voter's questions, categories in the voter's language (docs/i18n.md). */
  async own(
    voter: VoterPrincipal,
    shortCode: string,
    reader: PortalReader,
  ): Promise<OwnQuestions> {
    const meeting = await this.ownMeeting(voter, shortCode);
    const rows = await this.questions.own(meeting.id, voter.voterId);
    const language = portalLanguage(reader, meeting);
    return {
      language,
      categories: translatedCategories(meeting, language),
      open: !isMeetingOver(meeting, this.clock.now()),
      questions: rows.map((row) =>
        mapOwnQuestion(row, categoryLabel(meeting, language)),
      ),
    };
  }

  async list(
    userId: string,
    shortCode: string,
    query: ListQuestionsQuery,
  ): Promise<Question[]> {
    const meeting = await this.access.require(userId, shortCode);
    const rows = await this.questions.list(meeting.id, query.status);
    return rows.map(mapQuestion);
  }

  async moderate(
    userId: string,
    shortCode: string,
    key: string,
    body: ModerateQuestionRequest,
  ): Promise<Question> {
    const now = this.clock.now();
    const outcome = await this.unitOfWork.run(async () => {
      // the meeting's row lock orders moderations: one question on the screen at a time
      const meeting = await this.access.requireForUpdate(userId, shortCode);
      const row = isUuid(key)
        ? await this.questions.forUpdate(meeting.id, key)
        : undefined;
      if (!row) throw new QuestionException(QuestionErrorCode.QuestionNotFound);
      const status = body.status ?? row.status;
      let onScreen = body.onScreen ?? row.onScreen;
      if (status === 'dismissed') onScreen = false;
      if (
        body.onScreen === true &&
        status !== 'approved' &&
        status !== 'answered'
      )
        throw new QuestionException(QuestionErrorCode.NotApproved);
      const replyChanged = body.reply !== undefined && body.reply !== row.reply;
      // the other question leaves the screen first: at most one is on it (a unique index)
      const cleared = onScreen
        ? await this.questions.clearScreen(meeting.id, row.id, now)
        : [];
      await this.questions.update(row.id, {
        status,
        onScreen,
        moderatedBy: userId,
        updatedAt: now,
        ...(replyChanged
          ? { reply: body.reply, repliedAt: body.reply === null ? null : now }
          : {}),
      });
      await this.recordModeration(meeting.id, userId, row, {
        status,
        onScreen,
        reply: replyChanged ? (body.reply ?? null) : row.reply,
        cleared: cleared.length,
      });
      return {
        meeting,
        voterId: row.voterId,
        forVoter: replyChanged || status !== row.status,
        screenChanged: onScreen !== row.onScreen || cleared.length > 0,
        changed: [row.id, ...cleared],
      };
    });
    const { meeting } = outcome;
    const [question] = await this.tellChairs(
      meeting,
      outcome.changed,
      'question.updated',
    );
    if (!question)
      throw new QuestionException(QuestionErrorCode.QuestionNotFound);
    if (outcome.forVoter && outcome.voterId) {
      const row = await this.questions.withUnit(question.key);
      if (row) {
        this.broadcaster.toVoter(meeting.id, outcome.voterId, 'question.mine', {
          shortCode: meeting.shortCode,
          question: mapOwnQuestion(row),
        });
      }
    }
    if (outcome.screenChanged) await this.tellScreens(meeting);
    return question;
  }

  /**
   * One audit entry per moderation that changed something (docs/verifiability.md), named by
   * what it did most: a new status, else the screen, else the reply.
   */
  private async recordModeration(
    meetingId: string,
    userId: string,
    before: {
      id: string;
      status: string;
      onScreen: boolean;
      reply: string | null;
    },
    after: {
      status: string;
      onScreen: boolean;
      reply: string | null;
      cleared: number;
    },
  ): Promise<void> {
    const fields = ['status', 'onScreen', 'reply'] as const;
    const changes = changesOf(
      { status: before.status, onScreen: before.onScreen, reply: before.reply },
      { status: after.status, onScreen: after.onScreen, reply: after.reply },
      fields,
    );
    const kind =
      'status' in changes
        ? (`question.${QUESTION_VERBS[after.status]}` as const)
        : 'onScreen' in changes
          ? 'question.screen'
          : 'reply' in changes
            ? 'question.reply'
            : null;
    if (!kind) return;
    const question = await this.questions.withUnit(before.id);
    await this.audit.record({
      meetingId,
      kind,
      actor: { userId },
      subject: {
        type: 'question',
        key: before.id,
        label: question?.unit ?? '',
        category: question?.category ?? '',
      },
      changes: after.cleared
        ? { ...changes, clearedFromScreen: after.cleared }
        : changes,
    });
  }

  /** The question on a meeting's big screen (the live snapshot of chairs and screens). */
  async onScreen(meetingId: string): Promise<ScreenQuestion | null> {
    const row = await this.questions.onScreen(meetingId);
    return row ? mapScreenQuestion(row) : null;
  }

  /** Sends the questions as they stand now to the meeting's chairs; answers them mapped. */
  private async tellChairs(
    meeting: Pick<MeetingRow, 'id' | 'shortCode'>,
    ids: string[],
    event: 'question.new' | 'question.updated',
  ): Promise<Question[]> {
    const questions: Question[] = [];
    for (const id of ids) {
      const row = await this.questions.withUnit(id);
      if (!row) continue;
      const question = mapQuestion(row);
      questions.push(question);
      this.broadcaster.toChairs(meeting.id, event, {
        shortCode: meeting.shortCode,
        question,
      });
    }
    return questions;
  }

  private async tellScreens(
    meeting: Pick<MeetingRow, 'id' | 'shortCode'>,
  ): Promise<void> {
    try {
      const event = {
        shortCode: meeting.shortCode,
        question: await this.onScreen(meeting.id),
      };
      this.broadcaster.toScreens(meeting.id, 'screen.question', event);
      this.broadcaster.toChairs(meeting.id, 'screen.question', event);
    } catch (error) {
      this.logger.warn(`screen question not sent: ${String(error)}`);
    }
  }

  /** The voter's own meeting; any other is a 404. */
  private async ownMeeting(
    voter: VoterPrincipal,
    shortCode: string,
  ): Promise<MeetingRow> {
    const meeting = await this.access.byShortCode(shortCode);
    if (!meeting || meeting.id !== voter.meetingId)
      throw new QuestionException(QuestionErrorCode.MeetingNotFound);
    return meeting;
  }
}
