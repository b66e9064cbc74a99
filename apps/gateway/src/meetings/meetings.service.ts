import { MeetingScheduleChanges } from './meeting-schedule-changes';
import { Injectable } from '@nestjs/common';
import type {
  LanguageCode,
  CreateMeetingRequest,
  ListMeetingsQuery,
  Meeting,
  MeetingSettings,
  ConnectedVoters,
  MeetingStats,
  PatchMeetingRequest,
  PatchMeetingSettingsRequest,
} from '@livevote/contracts';
import { meetingEndsAt } from '@livevote/rules';
import { AccountsService } from '../accounts/accounts.service';
import {
  AuditLogService,
  changesOf,
  fieldsOf,
} from '../audit/audit-log.service';
import { Clock } from '../common/clock';
import { generateShortCode } from '../common/ids';
import {
  keptLanguages,
  listLengthProblems,
  mergedTranslations,
  refuseProblems,
  unlistedLanguageProblems,
  type FieldProblem,
} from '../common/translations';
import { sanitizeRichText } from '../common/rich-text';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/database';
import { noticeStatusSummary } from './notice-status';
import { testVoterStats } from './test-voter-stats';
import {
  MeetingAccessService,
  type MeetingRow,
} from './meeting-access.service';
import { MeetingErrorCode, MeetingException } from './meetings.exception';
import { mapMeeting, mapMeetingSettings } from './meetings.mapper';
import { MeetingsRepository, type MeetingInsert } from './meetings.repository';
import { PresenceStore } from '../presence/presence.store';
import { PresentUnitsService } from '../quorum/present-units.service';

type MeetingFields = Omit<PatchMeetingRequest, 'type'>;

const date = (value: string | null | undefined) =>
  value ? new Date(value) : null;

/** Column values for the fields a create or PATCH carries; null means "clear". */
function toColumns(body: MeetingFields): Partial<MeetingInsert> {
  const columns: Partial<MeetingInsert> = {};
  const has = (key: keyof MeetingFields) => body[key] !== undefined;
  if (has('name')) columns.name = body.name!;
  if (has('description')) columns.description = body.description ?? '';
  if (has('corporation')) columns.corporation = body.corporation ?? {};
  if (has('quorumMinimum')) columns.quorumMinimum = body.quorumMinimum ?? 0;
  if (has('meetingDate')) columns.meetingDate = new Date(body.meetingDate!);
  if (has('expiryDate')) columns.expiryDate = date(body.expiryDate);
  if (has('location')) columns.location = body.location ?? '';
  if (has('addresses')) columns.addresses = body.addresses ?? [];
  if (has('contact')) columns.contact = body.contact ?? {};
  if (has('meetingTimezone')) columns.meetingTimezone = body.meetingTimezone!;
  if (has('duration')) columns.duration = body.duration!;
  if (has('options')) columns.options = withCleanSignature(body.options ?? {});
  if (has('portalRevocationsClosedAt'))
    columns.portalRevocationsClosedAt = date(body.portalRevocationsClosedAt);
  if (has('nominationExpiryDate'))
    columns.nominationExpiryDate = date(body.nominationExpiryDate);
  return columns;
}

/** The signature is sanitized once here, so the mail job only renders a clean, capped copy. */
function withCleanSignature(
  options: NonNullable<MeetingFields['options']>,
): NonNullable<MeetingFields['options']> {
  return options.signature === undefined
    ? options
    : { ...options, signature: sanitizeRichText(options.signature) };
}

/**
 * The meeting's languages after a create or PATCH (docs/i18n.md, "Meeting content in two
 * languages"): `languages` as given, else `language` moved to the front of the current ones
 * (or in the primary's place when it is not one of them), else the current ones (on create:
 * the account's language). `language` is always the
 * primary, `languages[0]`; given both, they must agree.
 */
function languagesOf(
  body: Pick<MeetingFields, 'language' | 'languages'>,
  current: readonly LanguageCode[],
): LanguageCode[] {
  if (body.languages) {
    if (body.language !== undefined && body.language !== body.languages[0])
      refuseProblems([
        {
          path: 'language',
          message: `The primary language is the first of languages (${body.languages[0]}): give the same or leave language out.`,
        },
      ]);
    return body.languages;
  }
  if (body.language === undefined) return [...current];
  // one of the meeting's languages becomes the primary; another replaces the primary
  return current.includes(body.language)
    ? [body.language, ...current.filter((code) => code !== body.language)]
    : [body.language, ...current.slice(1)];
}

/** The meeting's translations after a write, checked against its languages. */
function translationsOf(
  body: Pick<MeetingFields, 'translations'>,
  current: MeetingRow['translations'],
  languages: readonly LanguageCode[],
): MeetingRow['translations'] {
  const problems: FieldProblem[] = unlistedLanguageProblems(
    body.translations,
    languages,
  );
  refuseProblems(problems);
  return mergedTranslations(
    keptLanguages(current, languages),
    body.translations,
  );
}

function checkDates(
  meeting: Pick<MeetingRow, 'meetingDate' | 'duration' | 'expiryDate'>,
): void {
  if (
    meeting.expiryDate &&
    meeting.expiryDate.getTime() > meetingEndsAt(meeting).getTime()
  ) {
    throw new MeetingException(MeetingErrorCode.InvalidDates);
  }
}

/** What the audit log compares of a meeting and of its settings (docs/verifiability.md). */
const AUDITED_MEETING_FIELDS = [
  'name',
  'description',
  'meetingDate',
  'expiryDate',
  'duration',
  'meetingTimezone',
  'language',
  'languages',
  'translations',
  'location',
  'addresses',
  'corporation',
  'contact',
  'quorumMinimum',
  'portalRevocationsClosedAt',
  'nominationExpiryDate',
  'options',
] as const;
const AUDITED_SETTINGS = [
  'meetingReminderFrequency',
  'meetingStartingReminder',
  'managerSummaryReportFrequency',
  'alternateManagerEmails',
  'defaultProxyHolders',
  'autoVerifyElectronicProxies',
  'proxyHolderMustAttend',
  'quorumBasis',
  'quorumPercent',
  'quorumIncludesProxies',
  'requireQuorumToStart',
  'requireSignOff',
  'displayLanguages',
  'oneLiveMatter',
  'questionCategories',
  'floorDoubleEntry',
  'settingsTranslations',
] as const;

/** What a video provider schedules the webcast's session by (docs/webcast.md). */
const SCHEDULE_FIELDS = [
  'name',
  'meetingDate',
  'duration',
  'meetingTimezone',
] as const;

@Injectable()
export class MeetingsService {
  constructor(
    private readonly meetings: MeetingsRepository,
    private readonly access: MeetingAccessService,
    private readonly accounts: AccountsService,
    private readonly presence: PresenceStore,
    private readonly presentUnits: PresentUnitsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly audit: AuditLogService,
    private readonly scheduleChanges: MeetingScheduleChanges,
  ) {}

  create(
    userId: string,
    accountKey: string,
    body: CreateMeetingRequest,
  ): Promise<Meeting> {
    return this.unitOfWork.run(async () => {
      const account = await this.accounts.requireAccess(userId, accountKey);
      // new meetings speak the account's language unless told otherwise (docs/i18n.md)
      const languages = languagesOf(body, [account.language]);
      const columns = {
        duration: 60,
        meetingTimezone: 'UTC',
        ...toColumns(body),
        language: languages[0],
        languages,
        translations: translationsOf(body, {}, languages),
      };
      const now = this.clock.now();
      const values = {
        ...columns,
        accountId: accountKey,
        type: body.type,
        createdAt: now,
        updatedAt: now,
      } as MeetingInsert;
      checkDates({
        meetingDate: values.meetingDate,
        duration: values.duration!,
        expiryDate: values.expiryDate ?? null,
      });
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await this.meetings.insert({
          ...values,
          shortCode: generateShortCode(),
        });
        if (row) {
          await this.audit.record({
            meetingId: row.id,
            kind: 'meeting.create',
            actor: { userId },
            subject: { type: 'meeting', key: row.shortCode, label: row.name },
            changes: { after: fieldsOf(row, AUDITED_MEETING_FIELDS) },
          });
          return mapMeeting(row, false, this.config);
        }
      }
      throw new MeetingException(MeetingErrorCode.ShortCodeExhausted);
    });
  }

  async list(
    userId: string,
    accountKey: string,
    query: ListMeetingsQuery,
  ): Promise<Meeting[]> {
    await this.accounts.requireAccess(userId, accountKey);
    const rows = await this.meetings.listForAccount(accountKey, query);
    return rows.map((row) => mapMeeting(row, row.live, this.config));
  }

  async get(userId: string, shortCode: string): Promise<Meeting> {
    const row = await this.access.require(userId, shortCode);
    return mapMeeting(row, await this.meetings.isLive(row.id), this.config);
  }

  patch(
    userId: string,
    shortCode: string,
    body: PatchMeetingRequest,
  ): Promise<Meeting> {
    return this.unitOfWork.run(async () => {
      const current = await this.access.requireForUpdate(userId, shortCode);
      const columns = toColumns(body);
      const languages = languagesOf(body, current.languages);
      if (body.language !== undefined || body.languages !== undefined) {
        columns.language = languages[0];
        columns.languages = languages;
      }
      if (body.translations !== undefined || body.languages !== undefined)
        columns.translations = translationsOf(
          body,
          current.translations,
          languages,
        );
      // a language taken off the meeting takes its translations with it, everywhere
      const removed = current.languages.filter(
        (code) => !languages.includes(code),
      );
      if (removed.length) {
        columns.settingsTranslations = keptLanguages(
          current.settingsTranslations,
          languages,
        );
        await this.meetings.dropTranslations(current.id, removed);
      }
      checkDates({ ...current, ...columns } as MeetingRow);
      const row = await this.meetings.update(current.id, {
        ...columns,
        updatedAt: this.clock.now(),
      });
      const changes = changesOf(current, row, AUDITED_MEETING_FIELDS);
      if (SCHEDULE_FIELDS.some((field) => field in changes))
        await this.unitOfWork.afterCommit(() =>
          this.scheduleChanges.changed(row.id),
        );
      // a save that changed nothing changed nothing the meeting records
      if (Object.keys(changes).length)
        await this.audit.record({
          meetingId: row.id,
          kind: 'meeting.update',
          actor: { userId },
          subject: { type: 'meeting', key: row.shortCode, label: current.name },
          changes,
        });
      return mapMeeting(row, await this.meetings.isLive(row.id), this.config);
    });
  }

  async settings(userId: string, shortCode: string): Promise<MeetingSettings> {
    return mapMeetingSettings(await this.access.require(userId, shortCode));
  }

  patchSettings(
    userId: string,
    shortCode: string,
    body: PatchMeetingSettingsRequest,
  ): Promise<MeetingSettings> {
    return this.unitOfWork.run(async () => {
      const current = await this.access.requireForUpdate(userId, shortCode);
      const categories = body.questionCategories ?? current.questionCategories;
      const problems = [
        ...unlistedLanguageProblems(body.translations, current.languages),
        // translated categories: one per canonical category, in the same order (docs/i18n.md)
        ...listLengthProblems(
          categories,
          body.translations,
          'questionCategories',
          { items: 'categories', item: 'category' },
        ),
      ];
      // new categories leave no stale names behind: each language's are given again
      const categoriesChanged =
        body.questionCategories !== undefined &&
        JSON.stringify(body.questionCategories) !==
          JSON.stringify(current.questionCategories);
      if (categoriesChanged)
        for (const [language, fields] of Object.entries(
          current.settingsTranslations,
        ))
          if (
            fields?.questionCategories !== undefined &&
            body.translations?.[language as LanguageCode] === undefined
          )
            problems.push({
              path: `translations.${language}.questionCategories`,
              message:
                'The categories changed: give their names in this language again (or {} to drop them).',
            });
      refuseProblems(problems);
      const settingsTranslations =
        body.translations !== undefined
          ? mergedTranslations(current.settingsTranslations, body.translations)
          : undefined;
      const row = await this.meetings.update(current.id, {
        settingsTranslations,
        meetingReminderFrequency: body.meetingReminderFrequency,
        meetingStartingReminder: body.meetingStartingReminder,
        managerSummaryReportFrequency: body.managerSummaryReportFreqency,
        alternateManagerEmails: body.alternateManagerEmails,
        defaultProxyHolders: body.defaultProxyHolders,
        autoVerifyElectronicProxies: body.autoVerifyElectronicProxies,
        proxyHolderMustAttend: body.proxyHolderMustAttend,
        // docs/verdicts.md
        quorumBasis: body.quorumBasis,
        quorumPercent: body.quorumPercent,
        quorumIncludesProxies: body.quorumIncludesProxies,
        requireQuorumToStart: body.requireQuorumToStart,
        requireSignOff: body.requireSignOff,
        oneLiveMatter: body.oneLiveMatter,
        // docs/hybrid-meetings.md
        questionCategories: body.questionCategories,
        floorDoubleEntry: body.floorDoubleEntry,
        // docs/i18n.md
        displayLanguages: body.displayLanguages,
        updatedAt: this.clock.now(),
      });
      const changes = changesOf(current, row, AUDITED_SETTINGS);
      if (Object.keys(changes).length)
        await this.audit.record({
          meetingId: row.id,
          kind: 'meeting.settings',
          actor: { userId },
          subject: { type: 'meeting', key: row.shortCode, label: row.name },
          changes,
        });
      return mapMeetingSettings(row);
    });
  }

  /** The voters connected now (PresenceStore), by unit; no ballot is read. */
  async connected(userId: string, shortCode: string): Promise<ConnectedVoters> {
    const meeting = await this.access.require(userId, shortCode);
    const voterIds = await this.presence.presentVoters(meeting.id);
    return {
      voters: await this.meetings.votersByUnit(meeting.id, voterIds),
    };
  }

  async stats(userId: string, shortCode: string): Promise<MeetingStats> {
    const meeting = await this.access.require(userId, shortCode);
    const [figures, rtvPresence, questions, present] = await Promise.all([
      this.meetings.stats(meeting.id),
      this.presence.count(meeting.id),
      this.meetings.questionsByCategory(meeting.id),
      this.presentUnits.figures(meeting.id),
    ]);
    const { invitedVoters, testVoters, testVotersVoted, ...counts } = figures;
    const totalProxies =
      counts.totalElectronicProxies + counts.totalPaperProxies;
    return {
      attendanceCount: counts.attendanceCount,
      attendanceCountGroups: counts.attendanceCountGroups,
      attendanceSharesCount: counts.attendanceSharesCount,
      attendedNotVotedCount: counts.attendedNotVotedCount,
      attendedNotVotedCountGroups: counts.attendedNotVotedCountGroups,
      attendedNotVotedSharesCount: counts.attendedNotVotedSharesCount,
      attendingCount: counts.attendingCount,
      attendingCountGroups: counts.attendingCountGroups,
      attendingNotVotedCount: counts.attendingNotVotedCount,
      attendingNotVotedCountGroups: counts.attendingNotVotedCountGroups,
      attendingNotVotedSharesCount: counts.attendingNotVotedSharesCount,
      attendingSharesCount: counts.attendingSharesCount,
      rsvpOnlineCount: counts.rsvpOnlineCount,
      rsvpNoCount: counts.rsvpNoCount,
      checkedInCount: counts.checkedInCount,
      checkedInCountGroups: counts.checkedInCountGroups,
      bylawCount: counts.bylawCount,
      totalConsents: counts.totalConsents,
      totalElectronicProxies: counts.totalElectronicProxies,
      totalPaperProxies: counts.totalPaperProxies,
      totalProxies,
      totalProxiesShares: counts.totalProxiesShares,
      totalUnitGroups: counts.totalUnits,
      totalUnits: counts.totalUnits,
      totalUnitsShares: counts.totalUnitsShares,
      totalValidUnits: counts.totalValidUnits,
      totalVoters: counts.totalVoters,
      unverifiedProxyCount: counts.unverifiedProxyCount,
      verifiedProxyCount: counts.verifiedProxyCount,
      totalArrearsUnitAttendance: counts.totalArrearsUnitAttendance,
      totalArrearsShareAttendance: counts.totalArrearsShareAttendance,
      cachedAt: this.clock.now().toISOString(),
      noticeStatusSummary: noticeStatusSummary(invitedVoters, counts),
      testVoterStats: testVoterStats(testVoters, testVotersVoted),
      questions,
      rtvPresence,
      present: present.units,
      presentShares: present.shares,
    };
  }
}
