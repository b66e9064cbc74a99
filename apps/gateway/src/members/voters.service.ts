import type { Language } from '@livevote/i18n';
import { Injectable } from '@nestjs/common';
import type {
  CreateVoterRequest,
  UpdateVoterRequest,
  Voter,
} from '@livevote/contracts';
import {
  AuditLogService,
  changesOf,
  fieldsOf,
} from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import {
  VoterSessionRegistry,
  voterSessionVersion,
} from '../revocation/voter-session.registry';
import { MemberErrorCode, MemberException } from './members.exception';
import { mapVoter } from './members.mapper';
import { MembersService } from './members.service';
import { isUniqueViolation } from './unique-violation';
import { TestVoterRemovals } from './test-voter-removals';
import { VoterChanges } from './voter-changes';
import { VotersRepository, type VoterRow } from './voters.repository';

const VOTER_EMAIL_INDEX = 'voters_member_email_key';

/** What the audit log keeps of a voter (docs/verifiability.md). */
const AUDITED_FIELDS = [
  'name',
  'email',
  'isPanelist',
  'isTestVoter',
  'communicationPreferences',
] as const;

@Injectable()
export class VotersService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly members: MembersService,
    private readonly voters: VotersRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly sessions: VoterSessionRegistry,
    private readonly audit: AuditLogService,
    private readonly changes: VoterChanges,
    private readonly testVoterRemovals: TestVoterRemovals,
  ) {}

  create(
    userId: string,
    shortCode: string,
    memberKey: string,
    input: CreateVoterRequest,
  ): Promise<Voter> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.access.requireForUpdate(userId, shortCode);
      const member = await this.members.requireMember(meeting.id, memberKey);
      if (await this.voters.emailTaken(member.id, input.email))
        throw new MemberException(MemberErrorCode.VoterEmailTaken);
      const now = this.clock.now();
      const row = await this.voters
        .insert({
          memberId: member.id,
          meetingId: meeting.id,
          name: input.name,
          email: input.email,
          isPanelist: input.isPanelist ?? false,
          isTestVoter: input.isTestVoter ?? false,
          communicationPreferences: {
            disableAllEmails:
              input.communicationPreferences?.disableAllEmails ?? false,
            disableConsentReminders:
              input.communicationPreferences?.disableConsentReminders ?? false,
          },
          language: input.language ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .catch(emailTaken);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'voter.create',
        actor: { userId },
        subject: {
          type: 'voter',
          key: row.id,
          label: `${member.unit}: ${row.email}`,
        },
        changes: { after: fieldsOf(row, AUDITED_FIELDS) },
      });
      await this.unitOfWork.afterCommit(() => this.changes.changed(meeting.id));
      return mapVoter(row, meeting.language);
    });
  }

  async get(
    userId: string,
    shortCode: string,
    memberKey: string,
    email: string,
  ): Promise<Voter> {
    const meeting = await this.access.require(userId, shortCode);
    const member = await this.members.requireMember(meeting.id, memberKey);
    return mapVoter(
      await this.requireVoter(member.id, email),
      meeting.language,
    );
  }

  /**
   * A new e-mail is another person: the voter's sessions end, on every node; so do they when
   * it becomes or stops being a test voter (docs/test-voters.md). A voter who cast ballots that
   * count cannot become a test voter (409): they would count still.
   */
  async update(
    userId: string,
    shortCode: string,
    memberKey: string,
    email: string,
    input: UpdateVoterRequest,
  ): Promise<Voter> {
    let replaced = false;
    let languageChanged = false;
    // the stored language (null: none chosen), not the answer's effective one
    let ownLanguage: Language | null = null;
    const updated = await this.unitOfWork.run(async () => {
      const meeting = await this.access.requireForUpdate(userId, shortCode);
      const member = await this.members.requireMember(meeting.id, memberKey);
      const voter = await this.requireVoter(member.id, email, { lock: true });
      if (
        input.email !== undefined &&
        (await this.voters.emailTaken(member.id, input.email, voter.id))
      )
        throw new MemberException(MemberErrorCode.VoterEmailTaken);
      if (
        input.isTestVoter === true &&
        !voter.isTestVoter &&
        (await this.voters.castBallots(voter.id))
      )
        throw new MemberException(MemberErrorCode.VoterHasBallots);
      const row = await this.voters
        .update(voter.id, {
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.isPanelist !== undefined
            ? { isPanelist: input.isPanelist }
            : {}),
          ...(input.isTestVoter !== undefined
            ? { isTestVoter: input.isTestVoter }
            : {}),
          ...(input.communicationPreferences !== undefined
            ? {
                communicationPreferences: {
                  ...voter.communicationPreferences,
                  ...input.communicationPreferences,
                },
              }
            : {}),
          ...(input.language !== undefined ? { language: input.language } : {}),
          updatedAt: this.clock.now(),
        })
        .catch(emailTaken);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'voter.update',
        actor: { userId },
        subject: {
          type: 'voter',
          key: row.id,
          label: `${member.unit}: ${voter.email}`,
        },
        changes: changesOf(voter, row, AUDITED_FIELDS),
      });
      await this.unitOfWork.afterCommit(() => this.changes.changed(meeting.id));
      // a new person, or a test voter no longer (or now): its token says which it is
      replaced =
        voterSessionVersion(row.id, row.email, row.isTestVoter) !==
        voterSessionVersion(voter.id, voter.email, voter.isTestVoter);
      languageChanged = row.language !== voter.language;
      ownLanguage = row.language;
      return mapVoter(row, meeting.language);
    });
    if (replaced)
      await this.sessions.revoke(
        updated.voterKey,
        voterSessionVersion(
          updated.voterKey,
          updated.email,
          updated.isTestVoter,
        ),
      );
    if (languageChanged)
      await this.sessions.languageChanged(updated.voterKey, ownLanguage);
    return updated;
  }

  /** Deletes the voter and ends its sessions, on every node. */
  async remove(
    userId: string,
    shortCode: string,
    memberKey: string,
    email: string,
  ): Promise<void> {
    const voterId = await this.unitOfWork.run(async () => {
      const meeting = await this.access.requireForUpdate(userId, shortCode);
      const member = await this.members.requireMember(meeting.id, memberKey);
      const voter = await this.requireVoter(member.id, email, { lock: true });
      // a test voter's ballots are its own and counted nowhere: they go with it
      if (!voter.isTestVoter && (await this.voters.castBallots(voter.id)))
        throw new MemberException(MemberErrorCode.VoterHasBallots);
      // and so are its questions: a rehearsal leaves nothing in the meeting's queue
      if (voter.isTestVoter)
        await this.testVoterRemovals.removing({
          meetingId: meeting.id,
          shortCode: meeting.shortCode,
          voterId: voter.id,
        });
      await this.voters.delete(voter.id);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'voter.delete',
        actor: { userId },
        subject: {
          type: 'voter',
          key: voter.id,
          label: `${member.unit}: ${voter.email}`,
        },
        changes: { before: fieldsOf(voter, AUDITED_FIELDS) },
      });
      await this.unitOfWork.afterCommit(() => this.changes.changed(meeting.id));
      return voter.id;
    });
    await this.sessions.revoke(voterId, null);
  }

  /** The member's voter with that e-mail (case-insensitively), or a 404. */
  async requireVoter(
    memberId: string,
    email: string,
    options: { lock?: boolean } = {},
  ): Promise<VoterRow> {
    const voter =
      email.length <= 320
        ? await this.voters.findByEmail(memberId, email, options)
        : undefined;
    if (!voter) throw new MemberException(MemberErrorCode.VoterNotFound);
    return voter;
  }
}

/** A voter added concurrently outside the meeting lock (portal self-registration). */
function emailTaken(error: unknown): never {
  if (isUniqueViolation(error, VOTER_EMAIL_INDEX))
    throw new MemberException(MemberErrorCode.VoterEmailTaken);
  throw error;
}
