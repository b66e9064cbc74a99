import type { Language } from '@livevote/i18n';
import { VoterSessionRegistry } from '../revocation/voter-session.registry';
import { Injectable } from '@nestjs/common';
import type { ImportMembersResponse } from '@livevote/contracts';
import { AuditLogService } from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/database';
import { MeetingAccessService } from '../meetings/meeting-access.service';
import { generateUniqueControlNumber } from './control-number';
import {
  lineText,
  parseMembersCsv,
  type ImportLineProblem,
  type ParsedMembersCsv,
} from './members-csv';
import {
  MemberErrorCode,
  MemberException,
  MembersImportException,
} from './members.exception';
import { MembersRepository, type MemberInsert } from './members.repository';
import { VoterChanges } from './voter-changes';
import { VotersRepository, type VoterInsert } from './voters.repository';

/**
 * The CSV import: all or nothing. A unit that exists already is updated (the columns of the
 * file only) and its voters are merged by e-mail; nothing is ever deleted.
 */
@Injectable()
export class MembersImportService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly members: MembersRepository,
    private readonly voters: VotersRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
    private readonly changes: VoterChanges,
    private readonly sessions: VoterSessionRegistry,
  ) {}

  async import(
    userId: string,
    shortCode: string,
    body: unknown,
    dryRun: boolean,
  ): Promise<ImportMembersResponse> {
    const csv = requireCsv(body);
    await this.access.require(userId, shortCode);
    const parsed = parseMembersCsv(csv);
    if (parsed.errors.length) throw new MembersImportException(parsed.errors);

    const done = await this.unitOfWork.run(async () => {
      const meeting = await this.access.requireForUpdate(userId, shortCode);
      const existing = await this.members.listKeys(meeting.id);
      const byUnit = new Map(existing.map((member) => [member.unit, member]));
      const unitOfControlNumber = new Map(
        existing.map((member) => [member.controlNumber, member.unit]),
      );
      const errors: ImportLineProblem[] = [];
      for (const member of parsed.members) {
        const controlNumber = member.fields.controlNumber;
        const holder =
          controlNumber !== undefined
            ? unitOfControlNumber.get(controlNumber)
            : undefined;
        if (holder !== undefined && holder !== member.unit)
          errors.push({
            line: member.line,
            message: lineText('control_number_taken', {
              controlNumber,
              holder,
            }),
          });
      }
      errors.push(...(await this.testVoterChanges(meeting.id, parsed, byUnit)));
      errors.sort((a, b) => a.line - b.line);
      if (errors.length) throw new MembersImportException(errors);

      const voterCount = parsed.members.reduce(
        (n, member) => n + member.voters.length,
        0,
      );
      const counts = { members: parsed.members.length, voters: voterCount };
      if (dryRun) return { counts, languageChanges: [], dryRun: true };

      const now = this.clock.now();
      const taken = new Set(unitOfControlNumber.keys());
      for (const member of parsed.members)
        if (member.fields.controlNumber) taken.add(member.fields.controlNumber);
      const rows: MemberInsert[] = parsed.members.map((member) => {
        let controlNumber =
          member.fields.controlNumber ?? byUnit.get(member.unit)?.controlNumber;
        if (controlNumber === undefined) {
          controlNumber = generateUniqueControlNumber(taken);
          taken.add(controlNumber);
        }
        return {
          ...member.fields,
          meetingId: meeting.id,
          unit: member.unit,
          controlNumber,
          createdAt: now,
          updatedAt: now,
        };
      });
      const memberIds = await this.members.upsertMany(rows, [
        ...parsed.columns,
        'controlNumber',
      ]);

      const known = new Map(
        (await this.voters.listKeys(meeting.id)).map((voter) => [
          `${voter.memberId}\n${voter.email.toLowerCase()}`,
          voter,
        ]),
      );
      const inserts: VoterInsert[] = [];
      const renames: Parameters<VotersRepository['renameMany']>[0] = [];
      const languageChanges: { id: string; language: Language }[] = [];
      for (const member of parsed.members) {
        const memberId = memberIds.get(member.unit)!;
        for (const voter of member.voters) {
          const current = known.get(
            `${memberId}\n${voter.email.toLowerCase()}`,
          );
          if (!current)
            inserts.push({
              memberId,
              meetingId: meeting.id,
              name: voter.name,
              email: voter.email,
              isTestVoter: voter.isTestVoter ?? false,
              language: voter.language ?? null,
              createdAt: now,
              updatedAt: now,
            });
          else if (
            current.name !== voter.name ||
            (voter.language !== undefined &&
              voter.language !== current.language)
          ) {
            // an empty language cell keeps the voter's (docs/i18n.md)
            renames.push({
              id: current.id,
              name: voter.name,
              language: voter.language ?? null,
            });
            if (voter.language && voter.language !== current.language)
              languageChanges.push({
                id: current.id,
                language: voter.language,
              });
          }
        }
      }
      await this.voters.insertMany(inserts);
      await this.voters.renameMany(renames, now);
      const units = parsed.members.map((member) => member.unit);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'members.import',
        actor: { userId },
        subject: { type: 'members', label: `${units.length} units` },
        changes: {
          columns: parsed.columns,
          created: units.filter((unit) => !byUnit.has(unit)),
          updated: units.filter((unit) => byUnit.has(unit)),
          votersAdded: inserts.map((voter) => voter.email),
          votersRenamed: renames.length,
          votersLanguageSet: languageChanges.length,
        },
      });
      if (inserts.length || renames.length)
        await this.unitOfWork.afterCommit(() =>
          this.changes.changed(meeting.id),
        );
      return { counts, languageChanges, dryRun: false };
    });
    // problems a signed-in voter reads follow their new language, on every node
    for (const { id, language } of done.languageChanges)
      await this.sessions.languageChanged(id, language);
    return { ...done.counts, dryRun: done.dryRun };
  }

  /**
   * The file's `isTestVoter` sets the voters it adds; an existing voter's is changed in the
   * voter form, whose PATCH ends its sessions and keeps ballots that count from becoming a
   * test voter's (docs/test-voters.md): a file that would change one is refused on its line.
   */
  private async testVoterChanges(
    meetingId: string,
    parsed: ParsedMembersCsv,
    byUnit: Map<string, { id: string }>,
  ): Promise<ImportLineProblem[]> {
    if (
      !parsed.members.some((member) =>
        member.voters.some((voter) => voter.isTestVoter !== undefined),
      )
    )
      return [];
    const known = new Map(
      (await this.voters.listKeys(meetingId)).map((voter) => [
        `${voter.memberId}\n${voter.email.toLowerCase()}`,
        voter.isTestVoter,
      ]),
    );
    return parsed.members.flatMap((member) => {
      const memberId = byUnit.get(member.unit)?.id;
      if (!memberId) return [];
      return member.voters.flatMap((voter) => {
        const current = known.get(`${memberId}\n${voter.email.toLowerCase()}`);
        return current === undefined ||
          voter.isTestVoter === undefined ||
          voter.isTestVoter === current
          ? []
          : [
              {
                line: voter.line,
                message: lineText('test_voter_changed', {
                  email: voter.email,
                }),
              },
            ];
      });
    });
  }
}

function requireCsv(body: unknown): string {
  if (
    body === undefined ||
    body === '' ||
    (typeof body === 'string' && !body.trim())
  )
    throw new MemberException(MemberErrorCode.CsvEmpty);
  if (typeof body !== 'string')
    throw new MemberException(MemberErrorCode.CsvRequired);
  return body;
}
