import { Injectable } from '@nestjs/common';
import type { LiveMatter, LiveSnapshot } from '@livevote/contracts';
import { Clock } from '../common/clock';
import {
  MeetingAccess,
  MeetingNotFoundException,
  type MeetingRow,
} from '../meetings/meeting-access';
import { LiveTallies } from '../voting/live-tallies';
import { SequenceStore } from '../broadcast/sequence';
import { LivePresence, type MeetingRef } from '../presence/live-presence';
import { MattersRepository } from '../matters/matters.repository';
import { mapLiveMatter } from './live.mapper';
import type { LivePrincipal } from '../identity/live-tokens';
import { MatterForecasts } from '../results/matter-forecasts';
import { ScreenQuestions } from '../broadcast/screen-questions';

/** Meetings whose reference is kept for sharing; past that the least recently renewed goes. */
const SHARED_MEETINGS = 1_000;

/** What a client gets when it subscribes: the whole picture, then events from there on. */
@Injectable()
export class LiveSnapshots {
  /**
   * One MeetingRef a meeting, shared by the sockets that keep it for presence, instead of a
   * copy of the row's strings each (docs/benchmarks.md, "Memory per socket").
   */
  private readonly refs = new Map<string, MeetingRef>();

  constructor(
    private readonly access: MeetingAccess,
    private readonly matters: MattersRepository,
    private readonly presence: LivePresence,
    private readonly tallies: LiveTallies,
    private readonly sequences: SequenceStore,
    private readonly clock: Clock,
    private readonly forecasts: MatterForecasts,
    private readonly screenQuestions: ScreenQuestions,
  ) {}

  async forPrincipal(
    principal: LivePrincipal,
    shortCode: string,
  ): Promise<{
    meeting: MeetingRef;
    accountId: string;
    snapshot: LiveSnapshot;
  }> {
    const row = await this.meetingFor(principal, shortCode);
    const meeting = this.refOf(row);
    const matterRows = await this.matters.listForMeeting(row.id);
    const seqs = await this.sequences.current(
      matterRows.map((matter) => matter.id),
    );
    const staff = principal.role !== 'voter';
    const forecasts = await this.forecasts.current(matterRows);
    const matters: LiveMatter[] = matterRows.map((matter) =>
      mapLiveMatter(
        matter,
        seqs.get(matter.id) ?? 0,
        staff ? 'staff' : 'public',
        forecasts.get(matter.id),
      ),
    );
    const [[presence, quorum], tallies, screenQuestion] = await Promise.all([
      this.presence.snapshotFigures(meeting),
      staff
        ? Promise.all(
            matterRows.map((matter) =>
              this.tallies.event(matter.id, seqs.get(matter.id) ?? 0),
            ),
          )
        : Promise.resolve(undefined),
      staff ? this.screenQuestions.current(row.id) : Promise.resolve(undefined),
    ]);
    const snapshot: LiveSnapshot = {
      meeting: {
        key: row.id,
        shortCode: row.shortCode,
        name: row.name,
        meetingDate: row.meetingDate.toISOString(),
        meetingTimezone: row.meetingTimezone,
        language: row.language,
        quorumMinimum: row.quorumMinimum,
        oneLiveMatter: row.oneLiveMatter,
      },
      role: principal.role,
      matters,
      presence,
      quorum,
      ...(tallies
        ? { tallies: tallies.filter((tally) => tally !== undefined) }
        : {}),
      ...(staff ? { screenQuestion } : {}),
      serverTime: this.clock.now().toISOString(),
    };
    return { meeting, accountId: row.accountId, snapshot };
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
    const meeting = await this.access.byShortCode(shortCode);
    if (!meeting || meeting.id !== principal.meetingId)
      throw new MeetingNotFoundException();
    return meeting;
  }
}
