import { Injectable } from '@nestjs/common';
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
} from '@livevote/rules';
import { ChainSealer } from '../audit/chain-sealer';
import { resultStatement, ruleWords, type Language } from '@livevote/i18n';
import { Clock } from '../common/clock';
import { MattersRepository } from '../matters/matters.repository';
import { MattersService } from '../matters/matters.service';
import { MeetingAccess, type MeetingRow } from '../meetings/meeting-access';
import { currentResult, mapResult, mapRule } from '../results/results.mapper';
import type { ResultMatterRow } from '../results/results.repository';
import type { ReportFormat } from './report-render';
import { ReportRenderer } from './report-renderer';
import { ReportSlots } from './report-slots';
import { ReportErrorCode, ReportException } from './report.exception';
import { ReportRepository, type MethodTurnout } from './report.repository';
import { mapMethod } from '../matters/matters.mapper';
import { isElection } from '../results/election-result';

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
    private readonly access: MeetingAccess,
    private readonly matters: MattersRepository,
    private readonly mattersService: MattersService,
    private readonly repository: ReportRepository,
    private readonly clock: Clock,
    private readonly sealer: ChainSealer,
    private readonly slots: ReportSlots,
    private readonly renderer: ReportRenderer,
  ) {}

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
      const body = await this.gather(meeting, matterKey, lang);
      return { bytes: (await this.renderer.render({ format, body })).bytes };
    } finally {
      await slot.release();
    }
  }

  /** What the report says, from the database; the CSV digest is added when it is rendered. */
  private async gather(
    meeting: MeetingRow,
    matterKey?: string,
    lang?: Language,
  ): Promise<Omit<MeetingReport, 'sha256'>> {
    const language = lang ?? meeting.language;
    const rows = matterKey
      ? [await this.mattersService.requireMatter(meeting.id, matterKey)]
      : await this.matters.listForMeeting(meeting.id);
    const items = await Promise.all(
      rows.map((row) => this.matterOf(row, language)),
    );
    return {
      meeting: await this.meetingOf(meeting),
      matters: items,
      language,
      generatedAt: this.clock.now().toISOString(),
      // everything so far sealed, so the head covers it (docs/verifiability.md)
      chainHead: await this.sealer.seal(meeting.id),
    };
  }

  private async meetingOf(
    meeting: MeetingRow,
  ): Promise<MeetingReport['meeting']> {
    return {
      key: meeting.id,
      shortCode: meeting.shortCode,
      name: meeting.name,
      account: await this.repository.accountName(meeting.accountId),
      meetingDate: meeting.meetingDate.toISOString(),
      meetingTimezone: meeting.meetingTimezone,
      location: meeting.location,
      quorumMinimum: meeting.quorumMinimum,
      quorumBasis: meeting.quorumBasis,
      quorumPercent: meeting.quorumPercent,
      quorumIncludesProxies: meeting.quorumIncludesProxies,
      requireQuorumToStart: meeting.requireQuorumToStart,
      requireSignOff: meeting.requireSignOff,
    };
  }

  private async matterOf(
    row: ResultMatterRow,
    lng: Language,
  ): Promise<ReportMatter> {
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
      name: row.name,
      options: row.options,
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
          )
        : null,
      // sorted by unit in the worker (report-render.ts), off the event loop
      voted: voted.map(({ unit, method }) => ({ unit, method })),
    };
  }
}
