import { Injectable } from '@nestjs/common';
import {
  MAX_MATTER_OPTIONS,
  MAX_MEETING_MATTERS,
  type CreateMatterRequest,
  type Matter,
  type MatterTallyRow,
  type MatterVoterRecord,
  type MatterVotersQuery,
  type NotVotedQuery,
  type NotVotedUnit,
  type UpdateMatterRequest,
  type VotingMethod,
} from '@livevote/contracts';
import { ApiException } from '../common/api-exception';
import {
  keptLanguages,
  mergedTranslations,
  optionLabelProblems,
  refuseProblems,
  unlistedLanguageProblems,
} from '../common/translations';
import { isUuid } from '../common/ids';
import { sanitizeRichText } from '../common/rich-text';
import {
  AuditLogService,
  changesOf,
  fieldsOf,
} from '../audit/audit-log.service';
import { UnitOfWork } from '../database/database';
import { Clock } from '../common/clock';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import { MatterForecastsService } from '../results/matter-forecasts.service';
import { MatterErrorCode, MatterException } from './matters.exception';
import {
  mapMatter,
  mapMatterVoter,
  mapNotVoted,
  mapTallyRow,
} from './matters.mapper';
import {
  MattersRepository,
  type MatterChanges,
  type MatterRow,
} from './matters.repository';
import { nominationsClosed } from '@livevote/rules';

/** The rules every stored matter obeys, whether created or merged by a PATCH. */
function checkShape(options: string[], choices: number, exclusions: string[]) {
  if (choices < 1 || choices > options.length)
    throw new MatterException(MatterErrorCode.TooManyChoices, [
      {
        path: 'choices',
        message: `Must be between 1 and the number of options (${options.length}).`,
      },
    ]);
  const known = new Set(options);
  const unknown = exclusions.flatMap((exclusion, index) =>
    known.has(exclusion)
      ? []
      : [
          {
            path: `exclusions.${index}`,
            message: `"${exclusion}" is not one of the options.`,
          },
        ],
  );
  if (unknown.length)
    throw new MatterException(MatterErrorCode.InvalidExclusion, unknown);
}

/**
 * A threshold applies to plurality matters only (docs/elections.md): a PATCH that gives one to
 * a cumulative or ranked matter (its method unchanged by the body) is refused as a create is.
 */
function refuseThresholdOf(
  method: VotingMethod,
  body: { threshold?: unknown; thresholdBase?: unknown },
) {
  if (method === 'plurality') return;
  const given = (['threshold', 'thresholdBase'] as const).filter(
    (field) => body[field] !== undefined,
  );
  if (given.length)
    throw new ApiException(
      400,
      'validation_failed',
      {},
      {},
      given.map((field) => ({
        path: field,
        message: `A ${method} election has no threshold: the seats go to the candidates with the most votes.`,
      })),
    );
}

/**
 * The matter's translations after a write (docs/i18n.md, "Meeting content in two languages"):
 * only the meeting's languages, option labels one per canonical option. When the canonical
 * options change, every language with translated labels must give them again in the same body
 * (its object replaced, `{}` or no `options` to fall back to the canonical labels): labels of
 * other options are never kept beside new ones.
 */
function translationsAfter(
  meeting: Pick<MeetingRow, 'languages'>,
  current: MatterRow['translations'],
  given: MatterRow['translations'] | undefined,
  options: string[],
  optionsChanged: boolean,
): MatterRow['translations'] {
  // a translated snippet is HTML like the canonical one: sanitized the same way
  const clean = given && sanitizedSnippets(given);
  const merged = mergedTranslations(
    keptLanguages(current, meeting.languages),
    clean,
  );
  const problems = [
    ...unlistedLanguageProblems(given, meeting.languages),
    ...optionLabelProblems(options, merged),
  ];
  if (optionsChanged)
    for (const [language, fields] of Object.entries(current))
      if (
        fields?.options !== undefined &&
        given?.[language as keyof typeof given] === undefined &&
        !problems.some((p) => p.path === `translations.${language}.options`)
      )
        problems.push({
          path: `translations.${language}.options`,
          message:
            'The options changed: give their labels in this language again (or leave options out of it to show the canonical ones).',
        });
  refuseProblems(problems);
  return merged;
}

function sanitizedSnippets(
  translations: MatterRow['translations'],
): MatterRow['translations'] {
  return Object.fromEntries(
    Object.entries(translations).map(([language, fields]) => [
      language,
      fields?.snippet === undefined
        ? fields
        : { ...fields, snippet: sanitizeRichText(fields.snippet) },
    ]),
  );
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function toChanges(body: UpdateMatterRequest): MatterChanges {
  const changes: MatterChanges = {};
  if (body.type !== undefined) changes.type = body.type;
  if (body.name !== undefined) changes.name = body.name;
  if (body.options !== undefined) changes.options = body.options;
  if (body.header !== undefined) changes.header = body.header ?? '';
  if (body.snippet !== undefined)
    changes.snippet = sanitizeRichText(body.snippet ?? '');
  if (body.movedBy !== undefined) changes.movedBy = body.movedBy || null;
  if (body.secondedBy !== undefined)
    changes.secondedBy = body.secondedBy || null;
  if (body.choices !== undefined) changes.choices = body.choices;
  if (body.votingMethod !== undefined) changes.votingMethod = body.votingMethod;
  if (body.order !== undefined) changes.order = body.order;
  if (body.eligibility !== undefined) changes.eligibility = body.eligibility;
  if (body.exclusions !== undefined) changes.exclusions = body.exclusions ?? [];
  if (body.allowProxyVote !== undefined)
    changes.allowProxyVote = body.allowProxyVote;
  if (body.autoCloseWhenAllVoted !== undefined)
    changes.autoCloseWhenAllVoted = body.autoCloseWhenAllVoted;
  if (body.secretBallot !== undefined) changes.secretBallot = body.secretBallot;
  if (body.openVerification !== undefined)
    changes.openVerification = body.openVerification;
  if (body.threshold !== undefined) changes.threshold = body.threshold;
  if (body.thresholdBasis !== undefined)
    changes.thresholdBasis = body.thresholdBasis;
  if (body.thresholdBase !== undefined)
    changes.thresholdBase = body.thresholdBase;
  return changes;
}

/** Whether the changes alter the majority rule (docs/verdicts.md): fixed once ballots are in. */
function ruleChanged(changes: MatterChanges, matter: MatterRow): boolean {
  const threshold = changes.threshold;
  return (
    (threshold !== undefined &&
      (threshold.numerator !== matter.threshold.numerator ||
        threshold.denominator !== matter.threshold.denominator ||
        threshold.strict !== matter.threshold.strict)) ||
    (changes.thresholdBasis !== undefined &&
      changes.thresholdBasis !== matter.thresholdBasis) ||
    (changes.thresholdBase !== undefined &&
      changes.thresholdBase !== matter.thresholdBase)
  );
}

/** What the audit log keeps of a matter (docs/verifiability.md). */
const AUDITED_FIELDS = [
  'name',
  'type',
  'header',
  'options',
  'translations',
  'choices',
  'votingMethod',
  'order',
  'eligibility',
  'exclusions',
  'allowProxyVote',
  'autoCloseWhenAllVoted',
  'secretBallot',
  'openVerification',
  'threshold',
  'thresholdBasis',
  'thresholdBase',
] as const;

@Injectable()
export class MattersService {
  constructor(
    private readonly matters: MattersRepository,
    private readonly access: MeetingAccessService,
    private readonly unitOfWork: UnitOfWork,
    private readonly forecasts: MatterForecastsService,
    private readonly audit: AuditLogService,
    private readonly clock: Clock,
  ) {}

  /**
   * An election's options from the accepted nominations, in the order they were accepted, each
   * with its statement; once nominations have closed (docs/elections.md, "Nominations"). A name
   * accepted twice (two members nominated the same person) is one candidate, the first accepted.
   */
  private async fromNominations(meeting: MeetingRow): Promise<{
    options: string[];
    candidates: MatterRow['candidates'];
  }> {
    if (!nominationsClosed(meeting, this.clock.now()))
      throw new MatterException(MatterErrorCode.NominationsOpen);
    const candidates: MatterRow['candidates'] = [];
    const names = new Set<string>();
    for (const row of await this.matters.acceptedNominations(meeting.id)) {
      if (names.has(row.name)) continue;
      names.add(row.name);
      candidates.push({
        name: row.name,
        statement: row.statement,
        nominationId: row.id,
        // the statement in the meeting's other languages, as nominated (docs/i18n.md)
        translations: keptLanguages(row.translations, meeting.languages),
      });
    }
    if (!candidates.length)
      throw new MatterException(MatterErrorCode.NoAcceptedNominations);
    if (candidates.length > MAX_MATTER_OPTIONS)
      throw new MatterException(MatterErrorCode.TooManyChoices, [
        {
          path: 'options',
          message: `An election takes at most ${MAX_MATTER_OPTIONS} candidates.`,
        },
      ]);
    return { options: candidates.map((c) => c.name), candidates };
  }

  async list(userId: string, shortCode: string): Promise<Matter[]> {
    const meeting = await this.access.require(userId, shortCode);
    const rows = await this.matters.listForMeeting(meeting.id);
    const forecasts = await this.forecasts.current(rows);
    return rows.map((row) => mapMatter(row, forecasts.get(row.id)));
  }

  async get(userId: string, shortCode: string, key: string): Promise<Matter> {
    const meeting = await this.access.require(userId, shortCode);
    const row = await this.requireMatter(meeting.id, key);
    return mapMatter(row, (await this.forecasts.current([row])).get(row.id));
  }

  create(
    userId: string,
    shortCode: string,
    body: CreateMatterRequest,
  ): Promise<Matter> {
    return this.unitOfWork.run(async () => {
      // The meeting lock makes concurrent creates take distinct next orders.
      const meeting = await this.access.requireForUpdate(userId, shortCode);
      const exclusions = body.exclusions ?? [];
      // elections from nominations: docs/elections.md, "Nominations"
      const { options, candidates } = body.fromNominations
        ? await this.fromNominations(meeting)
        : { options: body.options ?? [], candidates: [] };
      checkShape(options, body.choices, exclusions);
      const translations = translationsAfter(
        meeting,
        {},
        body.translations,
        options,
        false,
      );
      if (
        (await this.matters.countForMeeting(meeting.id)) >= MAX_MEETING_MATTERS
      )
        throw new MatterException(MatterErrorCode.TooManyMatters, [
          {
            path: 'matters',
            message: `A meeting holds at most ${MAX_MEETING_MATTERS} matters.`,
          },
        ]);
      const row = await this.matters.create({
        meetingId: meeting.id,
        type: body.type,
        name: body.name,
        header: body.header ?? '',
        snippet: sanitizeRichText(body.snippet ?? ''),
        movedBy: body.movedBy || null,
        secondedBy: body.secondedBy || null,
        options,
        translations,
        candidates,
        choices: body.choices,
        votingMethod: body.votingMethod,
        eligibility: body.eligibility,
        allowProxyVote: body.allowProxyVote,
        order: body.order ?? (await this.matters.nextOrder(meeting.id)),
        exclusions,
        autoCloseWhenAllVoted: body.autoCloseWhenAllVoted,
        secretBallot: body.secretBallot,
        openVerification: body.openVerification,
        threshold: body.threshold,
        thresholdBasis: body.thresholdBasis,
        thresholdBase: body.thresholdBase,
      });
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'matter.create',
        actor: { userId },
        subject: { type: 'matter', key: row.id, label: row.name },
        changes: { after: fieldsOf(row, AUDITED_FIELDS) },
      });
      return mapMatter(row);
    });
  }

  /**
   * Merges the body into the matter. A live matter cannot be edited at all; once it holds
   * ballots its options cannot change, its choices cannot be lowered, its majority rule is
   * fixed, and a secret ballot cannot become open (those ballots were cast in secret).
   */
  update(
    userId: string,
    shortCode: string,
    key: string,
    body: UpdateMatterRequest,
  ): Promise<Matter> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.access.require(userId, shortCode);
      const matter = await this.requireMatter(meeting.id, key, true);
      if (matter.liveStatus === 'live')
        throw new MatterException(MatterErrorCode.MatterLive);
      const changes = toChanges(body);
      // an election's candidates follow its options, one each: an option added or renamed
      // has no nomination behind it, so no statement (docs/elections.md, "Nominations")
      if (changes.options !== undefined && matter.candidates.length)
        changes.candidates = changes.options.map(
          (option) =>
            matter.candidates.find(
              (candidate) => candidate.name === option,
            ) ?? {
              name: option,
              statement: '',
              nominationId: '',
            },
        );
      refuseThresholdOf(changes.votingMethod ?? matter.votingMethod, body);
      checkShape(
        changes.options ?? matter.options,
        changes.choices ?? matter.choices,
        changes.exclusions ?? matter.exclusions,
      );
      const optionsChanged =
        changes.options !== undefined &&
        !sameList(changes.options, matter.options);
      if (body.translations !== undefined || optionsChanged)
        changes.translations = translationsAfter(
          meeting,
          matter.translations,
          body.translations,
          changes.options ?? matter.options,
          optionsChanged,
        );
      const choicesLowered =
        changes.choices !== undefined && changes.choices < matter.choices;
      // ballots are marked in their matter's method: it is fixed once there are any
      const methodChanged =
        changes.votingMethod !== undefined &&
        changes.votingMethod !== matter.votingMethod;
      const secrecyDropped =
        changes.secretBallot === false && matter.secretBallot;
      // ballots cast while choices stayed out of the published count keep them out
      const choicesOpened =
        changes.openVerification === true && !matter.openVerification;
      if (
        (optionsChanged ||
          choicesLowered ||
          methodChanged ||
          secrecyDropped ||
          choicesOpened ||
          ruleChanged(changes, matter)) &&
        (await this.matters.hasBallots(matter.id))
      )
        throw new MatterException(
          secrecyDropped
            ? MatterErrorCode.SecretBallotLocked
            : MatterErrorCode.MatterHasBallots,
        );
      const row = await this.matters.update(matter.id, changes);
      const edited = changesOf(matter, row, AUDITED_FIELDS);
      // named as it was; a save that changed nothing is not an action on the record
      if (Object.keys(edited).length)
        await this.audit.record({
          meetingId: meeting.id,
          kind: 'matter.update',
          actor: { userId },
          subject: { type: 'matter', key: row.id, label: matter.name },
          changes: edited,
        });
      return mapMatter(row);
    });
  }

  delete(userId: string, shortCode: string, key: string): Promise<void> {
    return this.unitOfWork.run(async () => {
      const meeting = await this.access.require(userId, shortCode);
      const matter = await this.requireMatter(meeting.id, key, true);
      if (matter.liveStatus === 'live')
        throw new MatterException(MatterErrorCode.MatterLive);
      if (await this.matters.hasBallots(matter.id))
        throw new MatterException(MatterErrorCode.MatterHasBallots);
      await this.matters.delete(matter.id);
      await this.audit.record({
        meetingId: meeting.id,
        kind: 'matter.delete',
        actor: { userId },
        subject: { type: 'matter', key: matter.id, label: matter.name },
        changes: { before: fieldsOf(matter, AUDITED_FIELDS) },
      });
    });
  }

  /** The tally rows; none while a secret ballot has not closed. */
  async stats(
    userId: string,
    shortCode: string,
    key: string,
  ): Promise<MatterTallyRow[]> {
    const meeting = await this.access.require(userId, shortCode);
    const matter = await this.requireMatter(meeting.id, key);
    return (await this.publishedRows(matter.id)) ?? [];
  }

  async voters(
    userId: string,
    shortCode: string,
    key: string,
    query: MatterVotersQuery = { size: 100 },
  ): Promise<{ records: MatterVoterRecord[]; total: number }> {
    const meeting = await this.access.require(userId, shortCode);
    const matter = await this.requireMatter(meeting.id, key);
    const page = query.page
      ? { size: query.size, offset: (query.page - 1) * query.size }
      : undefined;
    const { rows, total } = await this.matters.voters(matter.id, page);
    return {
      records: rows.map((row) => mapMatterVoter(row, matter.secretBallot)),
      total,
    };
  }

  /** One page of the units that may vote on the matter and have not (docs/benchmarks-history.md). */
  async notVoted(
    userId: string,
    shortCode: string,
    key: string,
    query: NotVotedQuery,
  ): Promise<{ units: NotVotedUnit[]; total: number }> {
    const meeting = await this.access.require(userId, shortCode);
    const matter = await this.requireMatter(meeting.id, key);
    const page = await this.matters.notVoted(matter.id, query);
    return { units: page.rows.map(mapNotVoted), total: page.total };
  }

  /**
   * A recount of the matter's rows, or undefined while they are withheld (a secret ballot
   * that has not closed). No access check: for live voting's tallies too.
   */
  async publishedRows(matterId: string): Promise<MatterTallyRow[] | undefined> {
    const records = await this.matters.publishedTally(matterId);
    return records.length ? records.map(mapTallyRow) : undefined;
  }

  /** Whether the matter is a secret ballot now (from the database, never a cache). */
  isSecretBallot(matterId: string): Promise<boolean | undefined> {
    return this.matters.isSecretBallot(matterId);
  }

  /** The matter of that meeting; a key of another meeting or not a UUID is a 404. */
  async requireMatter(
    meetingId: string,
    key: string,
    lock = false,
  ): Promise<MatterRow> {
    const row = isUuid(key)
      ? await this.matters.findInMeeting(meetingId, key, lock)
      : undefined;
    if (!row) throw new MatterException(MatterErrorCode.MatterNotFound);
    return row;
  }
}
