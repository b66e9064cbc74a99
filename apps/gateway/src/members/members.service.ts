import { Injectable } from '@nestjs/common';
import type {
  CreateMemberRequest,
  ListMembersQuery,
  Member,
  UpdateMemberRequest,
} from '@livevote/contracts';
import {
  AuditLogService,
  changesOf,
  fieldsOf,
} from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { UnitOfWork } from '../database/database';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { VoterSessionRegistry } from '../revocation/voter-session.registry';
import { generateControlNumber } from './control-number';
import { MemberErrorCode, MemberException } from './members.exception';
import { mapMember } from './members.mapper';
import {
  MembersRepository,
  type MemberInsert,
  type MemberWithLiveVotes,
} from './members.repository';
import { VoterChanges } from './voter-changes';
import { VotersRepository, type VoterRow } from './voters.repository';

/** What the audit log keeps of a member (docs/verifiability.md); the control number only as changed. */
const AUDITED_FIELDS = [
  'unit',
  'shares',
  'eligible',
  'tags',
  'controlNumber',
  'customData',
  'mailAddress1',
  'mailAddress2',
  'mailCity',
  'mailProv',
  'mailPostal',
  'mailCountry',
] as const;

const MAIL_FIELDS = [
  'mailAddress1',
  'mailAddress2',
  'mailCity',
  'mailProv',
  'mailPostal',
  'mailCountry',
] as const;

@Injectable()
export class MembersService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly members: MembersRepository,
    private readonly voters: VotersRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly sessions: VoterSessionRegistry,
    private readonly audit: AuditLogService,
    private readonly changes: VoterChanges,
  ) {}

  /** One page of members with their voters (loaded for the whole page at once) and the total. */
  async list(
    userId: string,
    shortCode: string,
    query: ListMembersQuery,
  ): Promise<{ members: Member[]; total: number }> {
    const meeting = await this.access.require(userId, shortCode);
    const { rows, total } = await this.members.list(meeting.id, query);
    const voters = await this.voters.listForMembers(rows.map((row) => row.id));
    const byMember = new Map<string, VoterRow[]>();
    for (const voter of voters) {
      const list = byMember.get(voter.memberId) ?? [];
      list.push(voter);
      byMember.set(voter.memberId, list);
    }
    return {
      members: rows.map((row) =>
        mapMember(row, byMember.get(row.id) ?? [], meeting.language),
      ),
      total,
    };
  }

  async get(
    userId: string,
    shortCode: string,
    memberKey: string,
  ): Promise<Member> {
    const meeting = await this.access.require(userId, shortCode);
    const member = await this.requireMember(meeting.id, memberKey);
    return mapMember(
      member,
      await this.voters.listForMembers([member.id]),
      meeting.language,
    );
  }

  create(
    userId: string,
    shortCode: string,
    input: CreateMemberRequest,
  ): Promise<Member> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.access.requireForUpdate(userId, shortCode);
      await this.checkUnique(meeting.id, input);
      const now = this.clock.now();
      const row = await this.members.insert({
        meetingId: meeting.id,
        unit: input.unit,
        ...Object.fromEntries(
          MAIL_FIELDS.map((field) => [field, input[field] ?? '']),
        ),
        customData: input.customData ?? {},
        controlNumber:
          input.controlNumber ?? (await this.newControlNumber(meeting.id)),
        eligible: input.eligible ?? true,
        shares: input.shares ?? 1,
        tags: input.tags ?? [],
        createdAt: now,
        updatedAt: now,
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'member.create',
        actor: { userId },
        subject: { type: 'member', key: row.id, label: row.unit },
        changes: { after: fieldsOf(row, AUDITED_FIELDS) },
      });
      return mapMember({ ...row, hasLiveVotes: false }, [], meeting.language);
    });
  }

  update(
    userId: string,
    shortCode: string,
    memberKey: string,
    input: UpdateMemberRequest,
  ): Promise<Member> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.access.requireForUpdate(userId, shortCode);
      const member = await this.requireMember(meeting.id, memberKey, {
        lock: true,
      });
      await this.checkUnique(meeting.id, input, member.id);
      const changes: Partial<MemberInsert> = {};
      if (input.unit !== undefined) changes.unit = input.unit;
      for (const field of MAIL_FIELDS)
        if (input[field] !== undefined) changes[field] = input[field] ?? '';
      if (input.customData !== undefined)
        changes.customData = input.customData ?? {};
      if (input.controlNumber !== undefined)
        changes.controlNumber = input.controlNumber;
      if (input.eligible !== undefined) changes.eligible = input.eligible;
      if (input.shares !== undefined) changes.shares = input.shares;
      if (input.tags !== undefined) changes.tags = input.tags ?? [];
      const row = await this.members.update(member.id, {
        ...changes,
        updatedAt: this.clock.now(),
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'member.update',
        actor: { userId },
        subject: { type: 'member', key: row.id, label: row.unit },
        changes: changesOf(member, row, AUDITED_FIELDS),
      });
      return mapMember(
        { ...row, hasLiveVotes: member.hasLiveVotes },
        await this.voters.listForMembers([member.id]),
        meeting.language,
      );
    });
  }

  /** Deletes the member with its voters, whose sessions end on every node. */
  async remove(
    userId: string,
    shortCode: string,
    memberKey: string,
  ): Promise<void> {
    const voters = await this.unitOfWork.run(async () => {
      const meeting = await this.access.requireForUpdate(userId, shortCode);
      const member = await this.requireMember(meeting.id, memberKey, {
        lock: true,
      });
      if (await this.members.holdsBallots(member.id))
        throw new MemberException(MemberErrorCode.MemberHasBallots);
      const voters = await this.voters.listForMembers([member.id]);
      await this.members.delete(member.id);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'member.delete',
        actor: { userId },
        subject: { type: 'member', key: member.id, label: member.unit },
        changes: {
          before: fieldsOf(member, AUDITED_FIELDS),
          voters: voters.map((voter) => voter.email),
        },
      });
      await this.unitOfWork.afterCommit(() => this.changes.changed(meeting.id));
      return voters;
    });
    await Promise.all(
      voters.map((voter) => this.sessions.revoke(voter.id, null)),
    );
  }

  /** The member of the meeting with that key; anything else (a non-UUID too) is a 404. */
  async requireMember(
    meetingId: string,
    memberKey: string,
    options: { lock?: boolean } = {},
  ): Promise<MemberWithLiveVotes> {
    const member = isUuid(memberKey)
      ? await this.members.find(meetingId, memberKey, options)
      : undefined;
    if (!member) throw new MemberException(MemberErrorCode.MemberNotFound);
    return member;
  }

  private async checkUnique(
    meetingId: string,
    input: { unit?: string; controlNumber?: string },
    exceptId?: string,
  ): Promise<void> {
    if (
      input.unit !== undefined &&
      (await this.members.unitTaken(meetingId, input.unit, exceptId))
    )
      throw new MemberException(MemberErrorCode.UnitTaken);
    if (
      input.controlNumber !== undefined &&
      (await this.members.controlNumberTaken(
        meetingId,
        input.controlNumber,
        exceptId,
      ))
    )
      throw new MemberException(MemberErrorCode.ControlNumberTaken);
  }

  private async newControlNumber(meetingId: string): Promise<string> {
    for (;;) {
      const candidate = generateControlNumber();
      if (!(await this.members.controlNumberTaken(meetingId, candidate)))
        return candidate;
    }
  }
}
