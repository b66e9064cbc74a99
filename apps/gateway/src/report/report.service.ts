import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type {
  MeetingReport,
  QuorumRecord,
  ReportMatter,
} from '@livevote/contracts';
import {
  exactUnits,
  microShares,
  toFigures,
  type CloseSnapshot,
  isElection,
} from '@livevote/rules';
import { ChainSealingService } from '../audit/chain-sealing.service';
import { resultStatement, ruleWords, type Language } from '@livevote/i18n';
import { Clock } from '../common/clock';
import { MattersRepository } from '../matters/matters.repository';
import { MattersService } from '../matters/matters.service';
import {
  MeetingAccessService,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import { currentResult, mapResult, mapRule } from '../results/results.mapper';
import type { ResultMatterRow } from '../results/results.repository';
import type { ReportFormat } from './report-render';
import { ReportRenderService } from './report-render.service';
import { PresentUnitsService } from '../quorum/present-units.service';
import { ReportSlotsStore } from './report-slots.store';
import { ReportErrorCode, ReportException } from './report.exception';
import { ReportRepository, type MethodTurnout } from './report.repository';
import { mapMethod } from '../matters/matters.mapper';
import {
  matterShown,
  shownText,
  textIn,
  type DisplayLanguages,
} from '../common/meeting-texts';
import { translatedCategories } from '../portal/portal.mapper';

/** The meeting's own texts as a report shows them: in its language, or in all the meeting's. */
interface Display {
  mode: DisplayLanguages;
  languages: readonly Language[];
}

const displayOf = (meeting: MeetingRow): Display => ({
  mode: meeting.displayLanguages,
  languages: meeting.languages,
});

/** A question's category as the report shows it: the settings' translation at its place. */
function categoryShown(
  meeting: MeetingRow,
  display: Display,
  lng: Language,
): (category: string) => string {
  return (category) => {
    const index = meeting.questionCategories.indexOf(category);
    if (index < 0) return category;
    return shownText(
      display,
      lng,
      (language) => translatedCategories(meeting, language)[index],
    );
  };
}

/** The languages a report shows the meeting's own texts in (docs/i18n.md). */
const contentLanguages = (display: Display, lng: Language): Language[] =>
  display.mode === 'all' ? [...display.languages] : [lng];

const figures = (rows: MethodTurnout[]) => {
  const by = (method: MethodTurnout['method']) => {
    const row = rows.find((r) => r.method === method);
    return {
      units: row ? Number(row.votes) : 0,
      shares: row ? Number(row.shares) : 0,
    };
  };
  return { proxy: by('proxy'), live: by('live'), other: by('other') };
};

/**
 * A closed matter's figures, by matter, head of the chain at its close and language: its
 * ballots cannot change once closed, and a new result (a tie break, a sign-off, a reopened
 * vote) comes with a new head or a new sign-off, which are part of the key, so an entry is
 * never stale and a second download reads nothing but the matter row.
 */
const closedFigures = new LRUCache<string, ReportMatter>({ max: 2_000 });

/**
 * A closed matter's rows of the CSV, under the same key as its figures (which include the
 * language): built once in the worker, then sent to it ready-made, so a big meeting's report
 * does not copy, sort and write its `voted` rows again (report-csv.ts `reportCsvParts`).
 */
const closedCsvBlocks = new LRUCache<string, string>({
  maxSize: 256 * 1024 * 1024,
  sizeCalculation: (block) => Math.max(1, block.length),
});

/** The cache key of a closed matter's figures; undefined when they may still change. */
function figuresKey(
  row: ResultMatterRow,
  lng: Language,
  display: Display,
): string | undefined {
  const stored = currentResult(row);
  if (row.liveStatus !== 'closed' || !stored?.chainHead) return undefined;
  return [
    row.id,
    stored.chainHead.position,
    stored.chainHead.hash,
    stored.signedOff?.at ?? '',
    stored.publishedAt ?? '',
    stored.tieBreak?.decidedAt ?? '',
    row.updatedAt.toISOString(),
    lng,
    display.mode,
    display.languages.join(','),
  ].join('|');
}

/**
 * Rendered PDFs by the digest of their data (the SHA-256 of the report's CSV, which holds
 * everything the report says but the instant it was made): the same data downloaded again
 * is the same file, sent without laying it out a second time. Any change to what the report
 * says (a ballot, a check-in, a sign-off, the language) changes the digest.
 */
const renderedPdfs = new LRUCache<string, Buffer>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (bytes) => Math.max(1, bytes.byteLength),
});

/** A report rendered: its bytes in the format asked for. */
export interface RenderedReport {
  bytes: Buffer;
}

/**
 * The results report of a meeting or of one of its matters (docs/verdicts.md, "The results
 * report"): per-option figures only through the state-checked recount, as docs/security.md
 * asks, so a secret ballot that has not closed shows turnout only.
 */
@Injectable()
export class ReportService {
  constructor(
    private readonly access: MeetingAccessService,
    private readonly matters: MattersRepository,
    private readonly mattersService: MattersService,
    private readonly repository: ReportRepository,
    private readonly clock: Clock,
    private readonly sealer: ChainSealingService,
    private readonly slots: ReportSlotsStore,
    private readonly renderer: ReportRenderService,
    private readonly present: PresentUnitsService,
  ) {}

  /** The attendance register: connected members read now, the rest from the database. */
  private async attendance(meetingId: string) {
    return this.repository.attendance(
      meetingId,
      await this.present.online(meetingId),
    );
  }

  /**
   * The report as JSON, CSV or PDF. The data is read here; the rendering runs in the worker
   * pool, and at most REPORT_RENDERS_PER_ACCOUNT of an account's reports are read and
   * rendered at once (429 `report_busy` beyond).
   */
  async render(
    userId: string,
    shortCode: string,
    format: ReportFormat,
    matterKey?: string,
    lang?: Language,
  ): Promise<RenderedReport> {
    const meeting = await this.access.require(userId, shortCode);
    const slot = await this.slots.acquire(meeting.accountId);
    if (!slot) throw new ReportException(ReportErrorCode.ReportBusy);
    try {
      if (format === 'attendance') {
        const body = await this.gatherAttendance(meeting, lang);
        return { bytes: (await this.renderer.render({ format, body })).bytes };
      }
      const { body, figureKeys } = await this.gather(meeting, matterKey, lang);
      if (format === 'json')
        return { bytes: (await this.renderer.render({ format, body })).bytes };
      // closed matters' CSV rows ready-made: their `voted` lists need not go to the worker
      const csvBlocks: Record<string, string> = {};
      for (const matter of body.matters) {
        const key = figureKeys.get(matter.matterKey);
        const block = key === undefined ? undefined : closedCsvBlocks.get(key);
        if (block === undefined) continue;
        csvBlocks[matter.matterKey] = block;
        matter.voted = [];
      }
      const keep = (made: Record<string, string> | undefined) => {
        for (const [matterKey, block] of Object.entries(made ?? {})) {
          const key = figureKeys.get(matterKey);
          if (key !== undefined) closedCsvBlocks.set(key, block);
        }
      };
      if (format === 'csv') {
        const rendered = await this.renderer.render({
          format,
          body,
          csvBlocks,
        });
        keep(rendered.csvBlocks);
        return { bytes: rendered.bytes };
      }
      const digest = await this.renderer.render({
        format: 'digest',
        body,
        csvBlocks,
      });
      keep(digest.csvBlocks);
      const key = `${meeting.id}|${matterKey ?? ''}|${digest.sha256}`;
      const cached = renderedPdfs.get(key);
      if (cached) return { bytes: cached };
      // the PDF lists no voters: their lists stay on this side
      const { bytes } = await this.renderer.render({
        format,
        body: {
          ...body,
          matters: body.matters.map((matter) => ({ ...matter, voted: [] })),
        },
        sha256: digest.sha256,
      });
      renderedPdfs.set(key, bytes);
      return { bytes };
    } finally {
      await slot.release();
    }
  }

  /** The attendance register alone: the attendance CSV. */
  private async gatherAttendance(
    meeting: MeetingRow,
    lang?: Language,
  ): Promise<Omit<MeetingReport, 'sha256'>> {
    const language = lang ?? meeting.language;
    return {
      meeting: await this.meetingOf(meeting, language),
      matters: [],
      attendance: await this.attendance(meeting.id),
      proxies: [],
      questions: [],
      language,
      contentLanguages: contentLanguages(displayOf(meeting), language),
      generatedAt: this.clock.now().toISOString(),
      chainHead: null,
    };
  }

  /** What the report says, from the database; the CSV digest is added when it is rendered. */
  private async gather(
    meeting: MeetingRow,
    matterKey?: string,
    lang?: Language,
  ): Promise<{
    body: Omit<MeetingReport, 'sha256'>;
    /** Each closed matter's cache key (report.service.ts `figuresKey`). */
    figureKeys: Map<string, string | undefined>;
  }> {
    const language = lang ?? meeting.language;
    const display = displayOf(meeting);
    const rows = matterKey
      ? [await this.mattersService.requireMatter(meeting.id, matterKey)]
      : await this.matters.listForMeeting(meeting.id);
    const items = await Promise.all(
      rows.map((row) => this.cachedMatterOf(row, language, display)),
    );
    const figureKeys = new Map(
      rows.map((row) => [row.id, figuresKey(row, language, display)]),
    );
    const whole = matterKey === undefined;
    const [attendance, proxies, questions] = whole
      ? await Promise.all([
          this.attendance(meeting.id),
          this.repository.proxies(meeting.id),
          this.repository.questions(meeting.id),
        ])
      : [[], [], []];
    const category = categoryShown(meeting, display, language);
    const body = {
      meeting: await this.meetingOf(meeting, language),
      matters: items,
      attendance,
      proxies,
      questions: questions.map((question) => ({
        ...question,
        category: category(question.category),
      })),
      language,
      contentLanguages: contentLanguages(display, language),
      generatedAt: this.clock.now().toISOString(),
      // everything so far sealed, so the head covers it (docs/verifiability.md)
      chainHead: await this.sealer.seal(meeting.id),
    };
    return { body, figureKeys };
  }

  private async meetingOf(
    meeting: MeetingRow,
    lng: Language,
  ): Promise<MeetingReport['meeting']> {
    const officers = await this.repository.officers(meeting.id);
    const display = displayOf(meeting);
    const shown = (field: 'name' | 'location') =>
      shownText(display, lng, (language) =>
        textIn(meeting[field], meeting.translations, language, field),
      );
    return {
      key: meeting.id,
      shortCode: meeting.shortCode,
      name: shown('name'),
      account: await this.repository.accountName(meeting.accountId),
      meetingDate: meeting.meetingDate.toISOString(),
      meetingTimezone: meeting.meetingTimezone,
      location: shown('location'),
      quorumMinimum: meeting.quorumMinimum,
      quorumBasis: meeting.quorumBasis,
      quorumPercent: meeting.quorumPercent,
      quorumIncludesProxies: meeting.quorumIncludesProxies,
      requireQuorumToStart: meeting.requireQuorumToStart,
      requireSignOff: meeting.requireSignOff,
      chair: officers.chair,
      scrutineers: officers.scrutineers,
    };
  }

  /** A closed matter's figures from the cache when its key is there, else read and kept. */
  private async cachedMatterOf(
    row: ResultMatterRow,
    lng: Language,
    display: Display,
  ): Promise<ReportMatter> {
    const key = figuresKey(row, lng, display);
    const hit = key === undefined ? undefined : closedFigures.get(key);
    // each render sorts and may touch its copy in the worker: hand out a fresh array
    if (hit) return { ...hit, voted: hit.voted.slice() };
    const item = await this.matterOf(row, lng, display);
    if (key !== undefined)
      closedFigures.set(key, { ...item, voted: item.voted.slice() });
    return item;
  }

  /**
   * A matter's part of the report. Figures count the canonical options whatever the language,
   * so a report says the same numbers in every language; only the names, the option labels
   * and the sentences change with it (docs/i18n.md).
   */
  private async matterOf(
    row: ResultMatterRow,
    lng: Language,
    display: Display,
  ): Promise<ReportMatter> {
    const shown = matterShown(row, display, lng);
    const [rows, turnout, voted] = await Promise.all([
      this.mattersService.publishedRows(row.id),
      this.repository.turnout(row.id),
      this.repository.voted(row.id),
    ]);
    const stored = currentResult(row);
    const closed = row.liveStatus === 'closed';
    const snapshot = closed
      ? (row.closeSnapshot as CloseSnapshot | null)
      : null;
    const cast = toFigures({
      units: turnout.reduce((sum, r) => sum + exactUnits(Number(r.votes)), 0n),
      shares: turnout.reduce((sum, r) => sum + microShares(r.shares), 0n),
    });
    return {
      matterKey: row.id,
      order: row.order,
      name: shown.name,
      movedBy: row.movedBy,
      secondedBy: row.secondedBy,
      options: row.options,
      optionLabels: shown.labels,
      choices: row.choices,
      ...mapMethod(row),
      exclusions: row.exclusions,
      secretBallot: row.secretBallot,
      ...mapRule(row),
      rule: ruleWords(row, lng),
      liveStatus: row.liveStatus,
      liveStartedAt: row.liveStartedAt?.toISOString() ?? null,
      liveClosedAt: row.liveClosedAt?.toISOString() ?? null,
      closeReason: snapshot?.reason ?? null,
      quorumAtOpen: (row.quorumAtOpen as QuorumRecord | null) ?? null,
      quorumAtClose: stored?.quorumAtClose ?? null,
      snapshot: snapshot
        ? {
            eligibleMembers: snapshot.eligibleMembers,
            presentMembers: snapshot.presentMembers,
            // null in a snapshot kept before the split was recorded (docs/presence.md)
            presentInPerson: snapshot.presentInPerson ?? null,
            presentOnline: snapshot.presentOnline ?? null,
            presentByProxy: snapshot.presentByProxy ?? null,
            presentVoters: snapshot.presentVoters,
            votesCast: snapshot.votesCast,
            sharesCast: snapshot.sharesCast,
          }
        : null,
      tally: {
        rows: rows ?? [],
        withheld: rows === undefined,
        byMethod: figures(turnout),
        votesCast: cast.units,
        sharesCast: cast.shares,
      },
      result: stored ? mapResult(stored) : null,
      chainHead: stored?.chainHead ?? null,
      statement: stored
        ? resultStatement(
            {
              ...stored,
              election: isElection(row),
              choices: row.choices,
            },
            lng,
            shown.label,
          )
        : null,
      // sorted by unit in the worker (report-render.ts), off the event loop
      voted: voted.map(({ unit, method }) => ({ unit, method })),
    };
  }
}
