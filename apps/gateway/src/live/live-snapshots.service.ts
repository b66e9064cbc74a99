import { Injectable } from '@nestjs/common';
import type { LiveMatter, LiveSnapshot } from '@livevote/contracts';
import { Clock } from '../common/clock';
import { FreshRead } from '../common/single-flight';
import {
  MeetingAccessService,
  MeetingNotFoundException,
  type MeetingRow,
} from '../meetings/meeting-access.service';
import { LiveTalliesService } from '../voting/live-tallies.service';
import { SequenceStore } from '../broadcast/sequence.store';
import {
  LivePresenceService,
  type MeetingRef,
} from '../quorum/live-presence.service';
import {
  MattersRepository,
  type MatterRow,
} from '../matters/matters.repository';
import { mapLiveMatter } from './live.mapper';
import type { LivePrincipal } from '../identity/live-tokens.service';
import { MatterForecastsService } from '../results/matter-forecasts.service';
import { ScreenQuestionsRegistry } from '../broadcast/screen-questions.registry';
import { TeamRolesRepository } from '../identity/team-roles.repository';

/** The meeting's translated names only: the snapshot shows no description or location. */
function pickNames(translations: MeetingRow['translations']) {
  return Object.fromEntries(
    Object.entries(translations).flatMap(([language, fields]) =>
      fields?.name ? [[language, { name: fields.name }]] : [],
    ),
  );
}

/** Meetings whose reference is kept for sharing; past that the least recently renewed goes. */
const SHARED_MEETINGS = 1_000;

/** A meeting a principal may subscribe to (`LiveSnapshotsService.meetingOf`). */
export interface SubscribedMeeting {
  row: MeetingRow;
  meeting: MeetingRef;
  accountId: string;
  /** A clerk of the meeting's account (docs/team.md): the desk's news, no tallies. */
  clerk: boolean;
}

interface MatterStatesService {
  rows: MatterRow[];
  seqs: Map<string, number>;
  matters: LiveMatter[];
}

/** What a client gets when it subscribes: the whole picture, then events from there on. */
@Injectable()
export class LiveSnapshotsService {
  /**
   * One MeetingRef a meeting, shared by the sockets that keep it for presence, instead of a
   * copy of the row's strings each (docs/benchmarks-history.md, "Memory per socket").
   */
  private readonly refs = new Map<string, MeetingRef>();
  /** Reads shared by a crowd of voters subscribing at once, each begun after they asked. */
  private readonly meetingRows = new FreshRead<
    string,
    MeetingRow | undefined
  >();
  private readonly publicMatters = new FreshRead<string, MatterStatesService>();

  constructor(
    private readonly access: MeetingAccessService,
    private readonly matters: MattersRepository,
    private readonly presence: LivePresenceService,
    private readonly tallies: LiveTalliesService,
    private readonly sequences: SequenceStore,
    private readonly clock: Clock,
    private readonly forecasts: MatterForecastsService,
    private readonly screenQuestions: ScreenQuestionsRegistry,
    private readonly roles: TeamRolesRepository,
  ) {}

  /**
   * The meeting a principal may subscribe to: its row, the shared reference and its account.
   * The caller joins the meeting's rooms with it, then reads the snapshot (`snapshotOf`), so
   * an event emitted while the snapshot is read reaches the socket too (docs/architecture.md,
   * "Subscribing").
   */
  async meetingOf(
    principal: LivePrincipal,
    shortCode: string,
  ): Promise<SubscribedMeeting> {
    const row = await this.meetingFor(principal, shortCode);
    const clerk =
      principal.role === 'chair' &&
      (await this.roles.isClerkForMeeting(principal.userId, row.shortCode));
    return { row, meeting: this.refOf(row), accountId: row.accountId, clerk };
  }

  /** The whole picture of the meeting, read now. */
  async snapshotOf(
    principal: LivePrincipal,
    { row, meeting, clerk }: SubscribedMeeting,
  ): Promise<LiveSnapshot> {
    const staff = principal.role !== 'voter';
    const withTallies = staff && !clerk;
    const matters = staff
      ? await this.matterStates(row.id, 'staff')
      : // a crowd of voters subscribing at once shares reads (docs/architecture.md)
        await this.publicMatters.run(row.id, () =>
          this.matterStates(row.id, 'public'),
        );
    const [[presence, quorum], tallies, screenQuestion] = await Promise.all([
      this.presence.snapshotFigures(meeting),
      withTallies
        ? Promise.all(
            matters.rows.map((matter) =>
              this.tallies.event(matter.id, matters.seqs.get(matter.id) ?? 0),
            ),
          )
        : Promise.resolve(undefined),
      staff ? this.screenQuestions.current(row.id) : Promise.resolve(undefined),
    ]);
    return {
      meeting: {
        key: row.id,
        shortCode: row.shortCode,
        name: row.name,
        meetingDate: row.meetingDate.toISOString(),
        meetingTimezone: row.meetingTimezone,
        language: row.language,
        languages: row.languages,
        translations: { ...pickNames(row.translations) },
        quorumMinimum: row.quorumMinimum,
        oneLiveMatter: row.oneLiveMatter,
        displayLanguages: row.displayLanguages,
      },
      role: principal.role,
      matters: matters.matters,
      presence,
      quorum,
      ...(tallies
        ? { tallies: tallies.filter((tally) => tally !== undefined) }
        : {}),
      ...(staff ? { screenQuestion } : {}),
      serverTime: this.clock.now().toISOString(),
    };
  }

  /**
   * The meeting's matters as a snapshot shows them, each with a `seq` read before its row: an
   * event the row does not show yet was numbered after that `seq`, so the client takes it when
   * it comes, rather than keep the older row (docs/architecture.md, "Subscribing").
   */
  private async matterStates(
    meetingId: string,
    audience: 'staff' | 'public',
  ): Promise<MatterStatesService> {
    const seqs = await this.sequences.current(
      await this.matters.idsForMeeting(meetingId),
    );
    // a matter added meanwhile has no `seq` yet (0): any event of it is newer
    const rows = await this.matters.listForMeeting(meetingId);
    const forecasts = await this.forecasts.current(rows);
    return {
      rows,
      seqs,
      matters: rows.map((matter) =>
        mapLiveMatter(
          matter,
          seqs.get(matter.id) ?? 0,
          audience,
          forecasts.get(matter.id),
        ),
      ),
    };
  }

  private refOf(row: MeetingRow): MeetingRef {
    const known = this.refs.get(row.id);
    if (
      known &&
      known.shortCode === row.shortCode &&
      known.quorumMinimum === row.quorumMinimum
    )
      return known;
    const ref: MeetingRef = {
      id: row.id,
      shortCode: row.shortCode,
      quorumMinimum: row.quorumMinimum,
    };
    this.refs.delete(row.id);
    this.refs.set(row.id, ref);
    if (this.refs.size > SHARED_MEETINGS)
      this.refs.delete(this.refs.keys().next().value as string);
    return ref;
  }

  private async meetingFor(
    principal: LivePrincipal,
    shortCode: string,
  ): Promise<MeetingRow> {
    if (principal.role === 'chair')
      return this.access.require(principal.userId, shortCode);
    const meeting = await this.meetingRows.run(shortCode, () =>
      this.access.byShortCode(shortCode),
    );
    if (!meeting || meeting.id !== principal.meetingId)
      throw new MeetingNotFoundException();
    return meeting;
  }
}
